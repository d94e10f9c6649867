/// A digest of the log's hash chain and the seq it covers: everything up to and including that
/// seq. Written `HEX@SEQ` (64 lower-case hex digits), the form `orders verify --expect` reads.
public struct ChainDigest: Hashable, Sendable, CustomStringConvertible {
    public let seq: UInt64
    /// The 32 bytes of the SHA-256 chain.
    public let digest: [UInt8]

    public init(seq: UInt64, digest: [UInt8]) {
        self.seq = seq
        self.digest = digest
    }

    /// Reads `HEX@SEQ`; `nil` unless HEX is 64 hex digits and SEQ a number.
    public init?(_ text: String) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 64, let seq = UInt64(parts[1]), parts[1].allSatisfy(\.isASCII)
        else { return nil }
        var bytes: [UInt8] = []
        var hex = parts[0].utf8.makeIterator()
        while let high = hex.next(), let low = hex.next() {
            guard let high = Self.nibble(high), let low = Self.nibble(low) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(seq: seq, digest: bytes)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The digest as 64 lower-case hex digits.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// `HEX@SEQ`.
    public var description: String { "\(hex)@\(seq)" }
}
