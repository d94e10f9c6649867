/// One row of the customers read model (SPEC §6).
public struct CustomerTotals: Hashable, Sendable {
    public var orders: Int64 = 0
    /// Orders whose status is neither `delivered` nor `cancelled`.
    public var openOrders: Int64 = 0
    public var cancelled: Int64 = 0
    /// Captured − refunded, per currency of the customer's placed orders.
    public var net = CurrencyAmounts()

    // Inlinable: made per event by the specialised fold in LedgerStore.
    @inlinable public init() {}

    /// Adds the totals of another share of the same customer's orders.
    public mutating func merge(_ other: CustomerTotals) {
        orders += other.orders
        openOrders += other.openOrders
        cancelled += other.cancelled
        net.merge(other.net)
    }
}
