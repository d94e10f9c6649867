/// An optional idempotency key: a command whose id was accepted before is skipped.
public struct CommandID: LedgerIdentifier {
    public let rawValue: String

    public init(validated rawValue: String) { self.rawValue = rawValue }
}
