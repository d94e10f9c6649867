/// An id of SPEC §2 (1–64 characters from `A–Z a–z 0–9 . _ : -`), valid by construction,
/// compared and sorted in byte order.
public protocol LedgerIdentifier: Hashable, Comparable, Sendable, CustomStringConvertible {
    var rawValue: String { get }
    /// Wraps text already checked by `Identifier.isValid`.
    init(validated rawValue: String)
}

extension LedgerIdentifier {
    /// Accepts only a valid id.
    public init?(_ text: String) {
        var copy = text
        guard let valid = copy.withUTF8({ Self(bytes: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = valid
    }

    /// Accepts only a valid id.
    public init?(bytes: UnsafeRawBufferPointer) {
        guard Identifier.isValid(bytes) else { return nil }
        self.init(validated: Identifier.string(bytes))
    }

    public var description: String { rawValue }

    /// Byte order, as SPEC §6 sorts ids.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
}
