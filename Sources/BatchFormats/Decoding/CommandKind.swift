/// The `type` words of SPEC §3, matched exactly (no trimming, no case folding).
enum CommandKind: String, CaseIterable {
    case place, pay, ship, deliver, cancel, refund

    init?(bytes: UnsafeRawBufferPointer) {
        guard let match = Self.allCases.first(where: { $0.rawValue.utf8.elementsEqual(bytes) }) else { return nil }
        self = match
    }
}
