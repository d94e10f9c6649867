/// One row of the revenue read model: one (date, currency) with a money event (SPEC §6).
/// Money sums are `Int128` (SPEC §10); the counts are bounded by the orders a store can number.
public struct RevenueTotals: Hashable, Sendable {
    public var ordersPlaced: Int64 = 0
    public var ordersCancelled: Int64 = 0
    /// Totals of the orders placed that day.
    public var gross: Int128 = 0
    /// Σ paid amounts.
    public var captured: Int128 = 0
    /// Refunds, cancel refunds included.
    public var refunded: Int128 = 0

    // Inlinable: made per event by the specialised fold in LedgerStore.
    @inlinable public init() {}

    /// Adds the totals of another share of the same day's orders.
    public mutating func merge(_ other: RevenueTotals) {
        ordersPlaced += other.ordersPlaced
        ordersCancelled += other.ordersCancelled
        gross += other.gross
        captured += other.captured
        refunded += other.refunded
    }

    public var net: Int128 { captured - refunded }
}
