internal import LedgerServices

/// What a store's read models must hold, counted without reading them: one `orders` row and one
/// entry of the index by customer per order named, one `customers` row per customer named (a
/// customer is named by its first order), one `skus` row per sku named (by the first line that
/// sells it), revenue rows once an order is placed, and status counts that are never negative
/// and add up to the orders. A read model at
/// the log's head that holds other counts was damaged (emptied, rows lost): an import must not
/// fold onto it, since a missing row would be taken for a new customer or sku. Counts cannot
/// see every damage (a revenue row lost among others, status counts moved between statuses):
/// `orders verify` compares every row with the log.
enum ReadModelCounts {
    /// Each read model of `ledger` at `head` whose counts are wrong, with what is wrong.
    static func miscounted(in ledger: LedgerTransaction, head: UInt64) throws -> [(name: ReadModelName, problem: String)] {
        var found: [(ReadModelName, String)] = []
        let orders = try ledger.count(\.orderNames)
        func check(_ name: ReadModelName, _ table: LedgerTransaction.Table, names: LedgerTransaction.Table, _ what: String) throws
        {
            guard try ledger.checkpoint(name) == head else { return }
            let rows = try ledger.count(table)
            let named = try ledger.count(names)
            if rows != named { found.append((name, "holds \(counted(rows, "row")) for \(counted(named, what))")) }
        }
        try check(.orders, \.orders, names: \.orderNames, "order")
        if try ledger.checkpoint(.orders) == head, !found.contains(where: { $0.0 == .orders }) {
            let entries = try ledger.count(\.customerOrders)
            if entries != orders {
                found.append((.orders, "indexes \(counted(entries, "order")) by customer for \(counted(orders, "order"))"))
            }
        }
        try check(.customers, \.customers, names: \.customerNames, "customer")
        try check(.skus, \.skus, names: \.skuNames, "sku")
        if try ledger.checkpoint(.revenue) == head, orders > 0, try ledger.count(\.revenue) == 0 {
            found.append((.revenue, "holds no rows for \(counted(orders, "order"))"))
        }
        if try ledger.checkpoint(.stats) == head {
            let counts = try ledger.statusCounts().counts
            let total = counts.reduce(0, &+)
            if let negative = counts.min(), negative < 0 {
                found.append((.stats, "counts \(negative) orders in a status"))
            } else if total != Int64(orders) {
                found.append((.stats, "counts \(total) orders by status for \(counted(orders, "order"))"))
            }
        }
        return found
    }

    /// "1 order", "2 orders".
    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
