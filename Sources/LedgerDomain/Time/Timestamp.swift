/// A point in time as UTC milliseconds since 1970 (SPEC §2); ordered, fixed-size.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let milliseconds: Int64

    // Inlinable: read per event by the specialised fold (the revenue day).
    @inlinable public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The first instant that is no longer allowed (10000-01-01T00:00:00Z).
    static let end = Timestamp(milliseconds: CalendarDate.daysFromCivil(year: 10_000, month: 1, day: 1) * 86_400_000)

    /// Whether this instant lies in SPEC §2's range (1970 up to year 9999): every stored time must.
    // Inlinable: checked per event read in place by the replay (LedgerStore).
    @inlinable public var isInSpecRange: Bool { milliseconds >= 0 && milliseconds < Self.endMilliseconds }

    /// `end` as a literal, for the inlinable check (a test holds them equal).
    @usableFromInline static let endMilliseconds: Int64 = 253_402_300_800_000

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The UTC calendar date of this instant, as days since 1970-01-01.
    // Inlinable: read per event by the specialised fold (the revenue day).
    @inlinable public var day: Int64 { milliseconds.floorDivided(by: 86_400_000) }

    /// `2026-03-01T10:15:00.000Z`: UTC with three fraction digits, as every printed time.
    public var description: String {
        let date = CalendarDate(day: day)
        let inDay = milliseconds - day * 86_400_000
        let seconds = inDay / 1000
        return "\(date)T\(Self.pad(seconds / 3600, 2)):\(Self.pad(seconds / 60 % 60, 2)):"
            + "\(Self.pad(seconds % 60, 2)).\(Self.pad(inDay % 1000, 3))Z"
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Parses an RFC 3339 time as SPEC §2 and §9 allow it, or returns `nil`.
    public init?(_ text: String) {
        var copy = text
        guard let parsed = copy.withUTF8({ Timestamp(bytes: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = parsed
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.f{1,9}](Z|±HH:MM)`, years 1970–9999 written and as UTC instant.
    public init?(bytes: UnsafeRawBufferPointer) {
        var reader = DigitReader(bytes: bytes)
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2), reader.skip("T"), let hour = reader.number(2), reader.skip(":"),
            let minute = reader.number(2), reader.skip(":"), let second = reader.number(2)
        else { return nil }
        guard (1970...9999).contains(year), (1...12).contains(month),
            (1...CalendarDate.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var millis: Int64 = 0
        if reader.skip(".") {
            var digits = 0
            while let digit = reader.digit() {
                digits += 1
                if digits <= 3 { millis = millis * 10 + digit }
            }
            guard (1...9).contains(digits) else { return nil }
            for _ in min(digits, 3)..<3 { millis *= 10 }
        }
        var offsetMinutes: Int64 = 0
        if !reader.skip("Z") {
            let sign: Int64
            if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
            guard let offsetHours = reader.number(2), reader.skip(":"), let offsetMins = reader.number(2),
                offsetHours < 24, offsetMins < 60
            else { return nil }
            offsetMinutes = sign * (offsetHours * 60 + offsetMins)
        }
        guard reader.isAtEnd else { return nil }
        let days = CalendarDate.daysFromCivil(year: year, month: month, day: day)
        let local = ((days * 24 + hour) * 60 + minute) * 60 + second
        let utc = (local - offsetMinutes * 60) * 1000 + millis
        guard utc >= 0, utc < Self.end.milliseconds else { return nil }
        milliseconds = utc
    }
}

extension Int64 {
    /// Division rounding toward negative infinity.
    // Inlinable: read per event by the specialised fold (the revenue day).
    @usableFromInline func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
