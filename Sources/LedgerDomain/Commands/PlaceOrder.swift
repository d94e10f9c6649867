/// The payload of a `place` command; `total` is Σ qty × unit_price, already checked against SPEC §2.
public struct PlaceOrder: Hashable, Sendable {
    public let customer: CustomerID
    public let currency: Currency
    public let lines: [OrderLine]
    public let total: Int64

    /// Checks the line count and the total (1…10^15, no overflow); `nil` when they break SPEC §2.
    public init?(customer: CustomerID, currency: Currency, lines: [OrderLine]) {
        guard LedgerLimits.linesPerOrder.contains(lines.count) else { return nil }
        var total: Int64 = 0
        for line in lines {
            let (product, productOverflow) = line.quantity.multipliedReportingOverflow(by: line.unitPrice)
            let (sum, sumOverflow) = total.addingReportingOverflow(product)
            guard !productOverflow, !sumOverflow, sum <= LedgerLimits.orderTotal.upperBound else { return nil }
            total = sum
        }
        guard LedgerLimits.orderTotal.contains(total) else { return nil }
        self.customer = customer
        self.currency = currency
        self.lines = lines
        self.total = total
    }
}
