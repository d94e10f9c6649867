/// A proleptic Gregorian date, used for revenue days and for printing times.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int64
    public let month: Int64
    public let day: Int64

    /// The date `day` days after 1970-01-01.
    public init(day days: Int64) {
        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Parses `YYYY-MM-DD` (a real date, years 1970–9999).
    public init?(_ text: String) {
        var copy = text
        let parsed: (Int64, Int64, Int64)? = copy.withUTF8 { utf8 in
            var reader = DigitReader(bytes: UnsafeRawBufferPointer(utf8))
            guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
                let day = reader.number(2), reader.isAtEnd
            else { return nil }
            return (year, month, day)
        }
        guard let (year, month, day) = parsed, (1970...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int64 { Self.daysFromCivil(year: year, month: month, day: day) }

    public var description: String {
        "\(Timestamp.pad(year, 4))-\(Timestamp.pad(month, 2))-\(Timestamp.pad(day, 2))"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let adjustedYear = month <= 2 ? year - 1 : year
        let era = adjustedYear.floorDivided(by: 400)
        let yearOfEra = adjustedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
