/// A forward reader of ASCII text for fixed-format parsing (times, dates).
struct DigitReader {
    // Safe: a reader is made and used inside the call that lends it the text, and never kept.
    let bytes: UnsafeRawBufferPointer
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    /// Consumes `character` if it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Consumes one ASCII digit.
    mutating func digit() -> Int64? {
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
        defer { index += 1 }
        return Int64(bytes[index] - UInt8(ascii: "0"))
    }

    /// Consumes exactly `count` ASCII digits.
    mutating func number(_ count: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<count {
            guard let next = digit() else { return nil }
            value = value * 10 + next
        }
        return value
    }
}
