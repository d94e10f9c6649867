internal import LedgerDomain

extension CommandKind {
    /// The kind whose `type` word is exactly `bytes` (no trimming, no case folding).
    init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count <= 8 else { return nil }
        let word = Self.word(bytes)
        guard let match = Self.words.first(where: { $0.count == bytes.count && $0.word == word }) else { return nil }
        self = match.kind
    }

    /// Each kind's word, its bytes packed into an integer: the decoder compares one integer per
    /// kind, where comparing a `String`'s bytes one by one took a thirtieth of the reading thread.
    private static let words = allCases.map { kind in
        let bytes = Array(kind.rawValue.utf8)
        return (kind: kind, count: bytes.count, word: bytes.withUnsafeBytes { word($0) })
    }

    /// The bytes (at most 8) packed into an integer, the first lowest.
    private static func word(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var word: UInt64 = 0
        for (index, byte) in bytes.enumerated() { word |= UInt64(byte) << (8 * index) }
        return word
    }
}
