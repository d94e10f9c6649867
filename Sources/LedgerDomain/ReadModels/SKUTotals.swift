/// One row of the skus read model (SPEC §6).
public struct SKUTotals: Hashable, Sendable {
    /// Σ qty over all orders, cancelled ones included.
    public var unitsOrdered: Int64 = 0
    /// Σ qty over cancelled orders.
    public var unitsCancelled: Int64 = 0
    /// Σ qty × unit_price over orders not cancelled, per currency of the sku's placed orders.
    public var revenue = CurrencyAmounts()

    // Inlinable: made per event by the specialised fold in LedgerStore.
    @inlinable public init() {}

    /// Adds the totals of another share of the orders of the same sku.
    public mutating func merge(_ other: SKUTotals) {
        unitsOrdered += other.unitsOrdered
        unitsCancelled += other.unitsCancelled
        revenue.merge(other.revenue)
    }

    /// Units ordered and not cancelled (the `--top` ranking).
    public var netUnits: Int64 { unitsOrdered - unitsCancelled }
}
