public import LedgerDomain

/// One row of `orders customers`.
public struct CustomerSummary: Hashable, Sendable {
    public let customerID: String
    public let totals: CustomerTotals

    public init(customerID: String, totals: CustomerTotals) {
        self.customerID = customerID
        self.totals = totals
    }
}
