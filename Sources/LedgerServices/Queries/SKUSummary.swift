public import LedgerDomain

/// One row of `orders skus`.
public struct SKUSummary: Hashable, Sendable {
    public let sku: String
    public let totals: SKUTotals

    public init(sku: String, totals: SKUTotals) {
        self.sku = sku
        self.totals = totals
    }
}
