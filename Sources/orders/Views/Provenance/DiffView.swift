import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders diff` (SPEC §11): the JSON object as `DiffJSON` gives it; for people, the
/// summary (the range, the events per type, the money per currency) on top and the orders touched
/// below; as CSV, one row per order touched. The orders are written into the buffer one by one as
/// they are rendered: a range can touch every order of the store.
enum DiffView {
    static let csvHeader = ["order_id", "status_before", "status_after", "events", "paid", "refunded"]

    /// Writes `change` (its orders left out) and the orders touched, `orders`.
    static func write(_ change: LedgerChange, _ orders: any ChangedOrders, format: QueryFormat, to output: OutputBuffer)
        throws
    {
        switch format {
        case .json:
            var object = DiffJSON.withoutOrders(change).text
            object.removeLast()  // its closing brace: the orders are its last member
            output.append(object)
            output.append(",\"orders\":[")
            // Each order as `JSONObject` writes it, its keys and words copied as static text.
            var first = true
            try orders.walk { order, id in
                output.append(static: first ? "{\"order_id\":" : ",{\"order_id\":")
                first = false
                output.append(jsonString: id)
                if let before = order.statusBefore {
                    output.append(static: ",\"status_before\":\"")
                    output.append(static: before.word)
                }
                output.append(static: order.statusBefore == nil ? ",\"status_after\":\"" : "\",\"status_after\":\"")
                output.append(static: order.statusAfter.word)
                output.append(static: "\",\"events\":")
                output.append(order.events)
                output.append(static: ",\"paid\":")
                output.append(order.paid)
                output.append(static: ",\"refunded\":")
                output.append(order.refunded)
                output.append(static: "}")
                try output.writeIfFull()
            }
            output.append("]}\n")
        case .csv:
            var listing = ListingWriter(format: .csv, csvHeader: csvHeader, output: output)
            try orders.walk { order, id in
                try listing.csv { output in
                    output.append(csvField: id)
                    output.append(static: ",")
                    if let before = order.statusBefore { output.append(static: before.word) }
                    output.append(static: ",")
                    output.append(static: order.statusAfter.word)
                    output.append(static: ",")
                    output.append(order.events)
                    output.append(static: ",")
                    output.append(order.paid)
                    output.append(static: ",")
                    output.append(order.refunded)
                }
            }
        case .table:
            output.append(summary(change, touched: orders.count))
            if orders.count > 0 {
                output.append("\n")
                try DiffOrdersTable(orders).write(to: output)
            }
        }
        try output.write()
    }

    private static func words(_ moment: AsOf) -> String {
        switch moment {
        case .seq(let seq): "seq \(seq)"
        case .time(let time): time.description
        }
    }

    /// For people, the summary and the money per currency (the `touched` orders follow).
    static func summary(_ change: LedgerChange, touched: Int) -> String {
        let types = EventKind.allCases.map { "\($0) \(change.byType[$0] ?? 0)" }.joined(separator: ", ")
        var text =
            "From \(words(change.from)) to \(words(change.to)): \(change.events) event\(change.events == 1 ? "" : "s") "
            + "(\(types)), \(touched) order\(touched == 1 ? "" : "s") touched\n"
        if !change.money.isEmpty {
            let rows = change.money.sorted(by: { $0.key.description < $1.key.description }).map { currency, moved in
                [
                    currency.description, MoneyText.amount(moved.gross, currency), MoneyText.amount(moved.captured, currency),
                    MoneyText.amount(moved.refunded, currency), MoneyText.amount(moved.net, currency),
                ]
            }
            text +=
                "\n"
                + TextTableRenderer.render(
                    header: ["CURRENCY", "GROSS", "CAPTURED", "REFUNDED", "NET"], rows: rows, rightAligned: [1, 2, 3, 4])
        }
        return text
    }
}
