/// The payload of a `place` command; `total` is Σ qty × unit_price, already checked against SPEC §2.
public struct PlaceOrder: Hashable, Sendable {
    public let customer: CustomerID
    public let currency: Currency
    public let lines: [OrderLine]
    public let total: Int64

    /// Checks the line count and the total (1…10^15, no overflow); `nil` when they break SPEC §2.
    public init?(customer: CustomerID, currency: Currency, lines: [OrderLine]) {
        guard let total = Self.total(lineCount: lines.count, { (lines[$0].quantity, lines[$0].unitPrice) }) else { return nil }
        self.customer = customer
        self.currency = currency
        self.lines = lines
        self.total = total
    }

    /// Σ qty × unit_price of `lineCount` lines (`line(i)` gives line `i`'s), or `nil` when the count
    /// or the total (1…10^15, no overflow) breaks SPEC §2.
    public static func total(lineCount: Int, _ line: (Int) -> (quantity: Int64, unitPrice: Int64)) -> Int64? {
        guard LedgerLimits.linesPerOrder.contains(lineCount) else { return nil }
        var total: Int64 = 0
        for index in 0..<lineCount {
            let (quantity, unitPrice) = line(index)
            let (product, productOverflow) = quantity.multipliedReportingOverflow(by: unitPrice)
            let (sum, sumOverflow) = total.addingReportingOverflow(product)
            guard !productOverflow, !sumOverflow, sum <= LedgerLimits.orderTotal.upperBound else { return nil }
            total = sum
        }
        guard LedgerLimits.orderTotal.contains(total) else { return nil }
        return total
    }
}
