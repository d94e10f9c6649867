import LedgerDomain
import LedgerServices

/// Renders `orders list`.
enum OrderListView {
    static let csvHeader = [
        "order_id", "customer_id", "status", "currency", "total", "paid", "refunded", "line_count", "item_count",
        "placed_at", "updated_at", "version",
    ]

    static func render(_ rows: [OrderSummary], format: QueryFormat, style: TerminalStyle) -> String {
        switch format {
        case .json:
            return JSONObject.array(rows.map { object($0).text }) + "\n"
        case .csv:
            return CSVText.render(header: csvHeader, rows: rows.map(csvRow))
        case .table:
            guard !rows.isEmpty else { return "No orders match.\n" }
            let table = rows.map { row -> [String] in
                let state = row.state
                return [
                    row.orderID, row.customerID, state.status.description, MoneyText.money(state.total, state.currency),
                    MoneyText.amount(state.paid, state.currency), MoneyText.amount(state.refunded, state.currency),
                    "\(state.itemCount)", state.updatedAt.description,
                ]
            }
            return TextTableRenderer.render(
                header: ["ORDER", "CUSTOMER", "STATUS", "TOTAL", "PAID", "REFUNDED", "ITEMS", "UPDATED"], rows: table,
                rightAligned: [3, 4, 5, 6]
            ) { row, column, padded in column == 2 ? style.status(rows[row].state.status).padded(to: padded) : padded }
                + "\(rows.count) order\(rows.count == 1 ? "" : "s")\n"
        }
    }

    /// The SPEC §6 object of one order (also the head of `show`).
    static func object(_ row: OrderSummary) -> JSONObject {
        let state = row.state
        var object = JSONObject()
        object.add("order_id", row.orderID)
        object.add("customer_id", row.customerID)
        object.add("status", state.status.description)
        object.add("currency", state.currency.description)
        object.add("total", state.total)
        object.add("paid", state.paid)
        object.add("refunded", state.refunded)
        object.add("line_count", state.lineCount)
        object.add("item_count", state.itemCount)
        object.add("placed_at", state.placedAt.description)
        object.add("updated_at", state.updatedAt.description)
        object.add("version", state.version)
        return object
    }

    static func csvRow(_ row: OrderSummary) -> [String] {
        let state = row.state
        return [
            row.orderID, row.customerID, state.status.description, state.currency.description, "\(state.total)",
            "\(state.paid)", "\(state.refunded)", "\(state.lineCount)", "\(state.itemCount)",
            state.placedAt.description, state.updatedAt.description, "\(state.version)",
        ]
    }
}

extension String {
    /// This (coloured) text, followed by the padding that `padded` has after the plain text.
    func padded(to padded: String) -> String {
        self + String(padded.reversed().prefix(while: { $0 == " " }))
    }
}
