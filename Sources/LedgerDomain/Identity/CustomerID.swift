/// A customer's id, as the batch gives it.
public struct CustomerID: LedgerIdentifier {
    public let rawValue: String

    public init(validated rawValue: String) { self.rawValue = rawValue }
}
