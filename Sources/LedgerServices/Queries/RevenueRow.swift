public import LedgerDomain

/// One row of `orders revenue`.
public struct RevenueRow: Hashable, Sendable {
    public let key: RevenueKey
    public let totals: RevenueTotals

    public init(key: RevenueKey, totals: RevenueTotals) {
        self.key = key
        self.totals = totals
    }
}
