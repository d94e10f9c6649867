/// An order's id, as the batch gives it.
public struct OrderID: LedgerIdentifier {
    public let rawValue: String

    public init(validated rawValue: String) { self.rawValue = rawValue }
}
