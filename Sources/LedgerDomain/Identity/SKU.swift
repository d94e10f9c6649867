/// A stock-keeping unit's id.
public struct SKU: LedgerIdentifier {
    public let rawValue: String

    public init(validated rawValue: String) { self.rawValue = rawValue }
}
