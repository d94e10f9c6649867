/// Read model rows that lend each row to be changed in place (LMDB during an import, arrays in
/// memory): `ReadModelSink`'s additions come for free, made on the row lent.
public protocol ReadModelRows: ReadModelSink {
    mutating func customer(_ number: CustomerNumber, _ update: (inout CustomerTotals) -> Void)
    mutating func sku(_ number: SKUNumber, _ update: (inout SKUTotals) -> Void)
}

extension ReadModelRows {
    // Inlinable so the import's fold gets a copy specialised for its rows (LedgerStore).
    @inlinable public mutating func addToCustomer(
        _ number: CustomerNumber, orders: Int64, openOrders: Int64, cancelled: Int64, net: Int64, in currency: Currency?
    ) {
        customer(number) { row in
            row.orders += orders
            row.openOrders += openOrders
            row.cancelled += cancelled
            if let currency { row.net.add(net, to: currency) }
        }
    }

    // Inlinable so the import's fold gets a copy specialised for its rows (LedgerStore).
    @inlinable public mutating func addToSKU(
        _ number: SKUNumber, unitsOrdered: Int64, unitsCancelled: Int64, revenue: Int64, in currency: Currency
    ) {
        sku(number) { row in
            row.unitsOrdered += unitsOrdered
            row.unitsCancelled += unitsCancelled
            row.revenue.add(revenue, to: currency)
        }
    }
}
