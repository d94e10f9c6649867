/// A customer's id, as the batch gives it. Valid by construction (SPEC §2).
public struct CustomerID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts only a valid id.
    public init?(_ text: String) {
        var copy = text
        guard let valid = copy.withUTF8({ CustomerID(bytes: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = valid
    }

    /// Accepts only a valid id.
    public init?(bytes: UnsafeRawBufferPointer) {
        guard Identifier.isValid(bytes) else { return nil }
        rawValue = Identifier.string(bytes)
    }

    public var description: String { rawValue }

    /// Byte order, as SPEC §6 sorts ids.
    public static func < (lhs: CustomerID, rhs: CustomerID) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
}
