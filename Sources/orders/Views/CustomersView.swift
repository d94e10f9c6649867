import LedgerDomain
import LedgerServices

/// Writes `orders customers` row by row into standard output's buffer: a store of a million
/// orders has some 200,000 customers, and building all of them into one string first cost more
/// than the query itself.
enum CustomersView {
    private static let tableHeader = ["CUSTOMER", "ORDERS", "OPEN", "CANCELLED", "NET"]

    static func write(_ rows: [CustomerSummary], format: QueryFormat) throws {
        switch format {
        case .json:
            var listing = ListingWriter(format: .json, csvHeader: [])
            for row in rows {
                try listing.object { object in
                    object.add("customer_id", row.customerID)
                    object.add("orders", row.totals.orders)
                    object.add("open_orders", row.totals.openOrders)
                    object.add("cancelled", row.totals.cancelled)
                    object.add("net", row.totals.net)
                }
            }
            try listing.finish()
        case .csv:
            let currencies = CurrencyColumns.currencies(rows.map(\.totals.net))
            var listing = ListingWriter(
                format: .csv, csvHeader: ["customer_id", "orders", "open_orders", "cancelled"] + currencies.map { "net_\($0)" })
            for row in rows {
                try listing.csv { output in
                    output.append(csvField: row.customerID)
                    output.append(",")
                    output.append(row.totals.orders)
                    output.append(",")
                    output.append(row.totals.openOrders)
                    output.append(",")
                    output.append(row.totals.cancelled)
                    CurrencyColumns.writeCells(row.totals.net, currencies, to: output)
                }
            }
            try listing.finish()
        case .table:
            var listing = ListingWriter(format: .table, csvHeader: [])
            guard !rows.isEmpty else {
                try listing.line("No customers yet: import a batch first.")
                return try listing.finish()
            }
            try TextTableRenderer.write(
                header: tableHeader,
                rows: rows.map { row in
                    [
                        row.customerID, "\(row.totals.orders)", "\(row.totals.openOrders)", "\(row.totals.cancelled)",
                        MoneyText.amounts(row.totals.net),
                    ]
                }, rightAligned: [1, 2, 3], to: &listing)
            try listing.line("\(rows.count) customer\(rows.count == 1 ? "" : "s")")
            try listing.finish()
        }
    }
}
