import LedgerDomain
import PostgresNIO

/// Rows in `COPY … FROM STDIN` text format, built in a byte array (a `ByteBuffer` written byte by
/// byte costs an exclusivity check per byte): fields separated by tabs, `\N` for NULL, backslash
/// escapes for backslash, tab, newline and carriage return.
struct CopyText {
    private(set) var bytes: [UInt8] = []
    private var fieldsInRow = 0

    init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    var isEmpty: Bool { bytes.isEmpty }

    /// The rows as postgres-nio sends them.
    var buffer: ByteBuffer { ByteBuffer(bytes: bytes) }

    /// Every digit of `value`, up to 128 bits wide (the read models' money sums are `Int128`).
    mutating func integer(_ value: some BinaryInteger) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(UInt128(value.magnitude))
    }

    /// `magnitude` in decimal: 64-bit arithmetic for each run of 19 digits, so that the common
    /// small value costs no 128-bit division per digit.
    private mutating func digits(_ magnitude: UInt128) {
        guard let small = UInt64(exactly: magnitude) else {
            let (high, low) = magnitude.quotientAndRemainder(dividingBy: 10_000_000_000_000_000_000)
            digits(high)
            digits(UInt64(low), width: 19)
            return
        }
        digits(small, width: 1)
    }

    /// `value` in at least `width` digits, zeros in front.
    private mutating func digits(_ value: UInt64, width: Int) {
        var value = value
        // Safe: the scratch is written from its end and only its written part is read, inside the closure.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in  // UInt64.max has 20 digits
            var index = scratch.count
            repeat {
                index -= 1
                scratch[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            } while value > 0 || scratch.count - index < width
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[index...]))
        }
    }

    /// `2026-03-01T10:15:00.000Z`, written without building a string (one per event).
    mutating func timestamp(_ time: Timestamp) {
        separate()
        let day = time.day
        let date = CalendarDate(day: day)
        let inDay = time.milliseconds - day * 86_400_000
        let seconds = inDay / 1000
        padded(date.year, 4, then: "-")
        padded(date.month, 2, then: "-")
        padded(date.day, 2, then: "T")
        padded(seconds / 3600, 2, then: ":")
        padded(seconds / 60 % 60, 2, then: ":")
        padded(seconds % 60, 2, then: ".")
        padded(inDay % 1000, 3, then: "Z")
    }

    /// `2026-03-01`.
    mutating func date(_ date: CalendarDate) {
        separate()
        padded(date.year, 4, then: "-")
        padded(date.month, 2, then: "-")
        padded(date.day, 2, then: nil)
    }

    /// `value` (0 ≤ value < 10^width) in exactly `width` digits, then `separator`.
    private mutating func padded(_ value: Int64, _ width: Int, then separator: Unicode.Scalar?) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
        if let separator { bytes.append(UInt8(ascii: separator)) }
    }

    /// Text that needs no escaping (ids, codes, times and dates the program itself formats).
    mutating func plain(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    /// Any text: escaped for the format. A NUL, which PostgreSQL's text cannot hold, becomes U+FFFD.
    mutating func text(_ text: String) {
        separate()
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
            case 0: bytes.append(contentsOf: "\u{FFFD}".utf8)
            default: bytes.append(byte)
            }
        }
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: #"\N"#.utf8)
    }

    mutating func endRow() {
        bytes.append(UInt8(ascii: "\n"))
        fieldsInRow = 0
    }

    private mutating func separate() {
        if fieldsInRow > 0 { bytes.append(UInt8(ascii: "\t")) }
        fieldsInRow += 1
    }
}
