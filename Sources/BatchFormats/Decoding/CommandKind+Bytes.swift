internal import LedgerDomain

extension CommandKind {
    /// The kind whose `type` word is exactly `bytes` (no trimming, no case folding).
    init?(bytes: UnsafeRawBufferPointer) {
        guard let match = Self.allCases.first(where: { $0.rawValue.utf8.elementsEqual(bytes) }) else { return nil }
        self = match
    }
}
