/// An optional idempotency key: a command whose id was accepted before is skipped. Valid by construction (SPEC §2).
public struct CommandID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts only a valid id.
    public init?(_ text: String) {
        var copy = text
        guard let valid = copy.withUTF8({ CommandID(bytes: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = valid
    }

    /// Accepts only a valid id.
    public init?(bytes: UnsafeRawBufferPointer) {
        guard Identifier.isValid(bytes) else { return nil }
        rawValue = Identifier.string(bytes)
    }

    public var description: String { rawValue }

    /// Byte order, as SPEC §6 sorts ids.
    public static func < (lhs: CommandID, rhs: CommandID) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
}
