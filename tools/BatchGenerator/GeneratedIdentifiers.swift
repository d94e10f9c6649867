/// The ids and currencies of a batch. An id is its prefix and number (`O-17`), padded when
/// `lengths` is set to a length drawn from the number: `_` and then characters hashed from the
/// number, so the same number always gives the same id, and two numbers never the same one.
struct GeneratedIdentifiers {
    static let currencies = ["EUR", "USD", "GBP", "JPY", "CHF", "SEK", "BRL", "NOK", "PLN", "AUD"]
    private static let padding = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.:".utf8)

    let lengths: ClosedRange<Int>?
    let seed: UInt64

    func order(_ number: Int) -> String { id("O-", number, salt: 1) }
    func customer(_ number: Int) -> String { id("C-", number, salt: 2) }
    func sku(_ number: Int) -> String { id("SKU-", number, salt: 3) }
    func command(_ number: Int) -> String { id("k-", number, salt: 4) }

    private func id(_ prefix: String, _ number: Int, salt: UInt64) -> String {
        let short = prefix + String(number)
        guard let lengths else { return short }
        var hash = Self.mix(seed &+ salt &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(number))
        let length = lengths.lowerBound + Int(hash % UInt64(lengths.count))
        guard length > short.utf8.count else { return short }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var index = 0
            for byte in short.utf8 {
                buffer[index] = byte
                index += 1
            }
            buffer[index] = UInt8(ascii: "_")
            index += 1
            while index < length {
                hash = Self.mix(hash)
                for shift in stride(from: 0, to: 60, by: 6) where index < length {
                    buffer[index] = Self.padding[Int((hash >> UInt64(shift)) & 63)]
                    index += 1
                }
            }
            return length
        }
    }

    /// SplitMix64's finaliser: a well-spread hash of `value`.
    private static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value &+ 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
