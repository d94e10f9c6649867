import LedgerDomain
import LedgerServices

/// Renders `orders customers`.
enum CustomersView {
    static func render(_ rows: [CustomerSummary], format: QueryFormat) -> String {
        switch format {
        case .json:
            return JSONObject.array(
                rows.map { row in
                    var object = JSONObject()
                    object.add("customer_id", row.customerID)
                    object.add("orders", row.totals.orders)
                    object.add("open_orders", row.totals.openOrders)
                    object.add("cancelled", row.totals.cancelled)
                    object.add("net", raw: CurrencyColumns.json(row.totals.net))
                    return object.text
                }) + "\n"
        case .csv:
            let currencies = CurrencyColumns.currencies(rows.map(\.totals.net))
            return CSVText.render(
                header: ["customer_id", "orders", "open_orders", "cancelled"] + currencies.map { "net_\($0)" },
                rows: rows.map { row in
                    [row.customerID, "\(row.totals.orders)", "\(row.totals.openOrders)", "\(row.totals.cancelled)"]
                        + CurrencyColumns.cells(row.totals.net, currencies)
                })
        case .table:
            guard !rows.isEmpty else { return "No customers yet: import a batch first.\n" }
            return TextTableRenderer.render(
                header: ["CUSTOMER", "ORDERS", "OPEN", "CANCELLED", "NET"],
                rows: rows.map { row in
                    [
                        row.customerID, "\(row.totals.orders)", "\(row.totals.openOrders)", "\(row.totals.cancelled)",
                        MoneyText.amounts(row.totals.net),
                    ]
                }, rightAligned: [1, 2, 3]) + "\(rows.count) customer\(rows.count == 1 ? "" : "s")\n"
        }
    }
}
