/// Where `ReadModelFold` adds what one event changes in the customers, revenue, skus and status
/// read models, however the rows are stored: a row that lends itself (`ReadModelRows`: LMDB
/// during an import, `InMemoryReadModels`), or dense arrays that never make a row value (the
/// replay's `ReplayRows`, whose amounts sit in slots by currency).
public protocol ReadModelSink {
    /// Adds the counts to customer `number`'s row, and `net` to its amount in `currency`, which the
    /// row then holds even at 0; a `nil` currency leaves the amounts alone.
    mutating func addToCustomer(
        _ number: CustomerNumber, orders: Int64, openOrders: Int64, cancelled: Int64, net: Int64, in currency: Currency?)
    /// Adds the units to sku `number`'s row, and `revenue` to its amount in `currency`, which the
    /// row then holds even at 0.
    mutating func addToSKU(_ number: SKUNumber, unitsOrdered: Int64, unitsCancelled: Int64, revenue: Int64, in currency: Currency)
    mutating func revenue(_ key: RevenueKey, _ update: (inout RevenueTotals) -> Void)
    mutating func statuses(_ update: (inout StatusCounts) -> Void)
}
