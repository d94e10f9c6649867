import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders diff` (SPEC §11): the JSON object as `DiffJSON` gives it; for people, the
/// summary (the range, the events per type, the money per currency) on top and the orders touched
/// below; as CSV, one row per order touched. The orders are written into the buffer one by one as
/// they are rendered: a range can touch every order of the store.
enum DiffView {
    static let csvHeader = ["order_id", "status_before", "status_after", "events", "paid", "refunded"]

    static func write(_ change: LedgerChange, format: QueryFormat, to output: OutputBuffer) throws {
        switch format {
        case .json:
            var object = DiffJSON.withoutOrders(change).text
            object.removeLast()  // its closing brace: the orders are its last member
            output.append(object)
            output.append(",\"orders\":[")
            for (index, order) in change.orders.enumerated() {
                if index > 0 { output.append(",") }
                output.openObject()
                output.add("order_id", order.orderID)
                output.add("status_before", order.statusBefore?.description)
                output.add("status_after", order.statusAfter.description)
                output.add("events", order.events)
                output.add("paid", order.paid)
                output.add("refunded", order.refunded)
                output.closeObject()
                try output.writeIfFull()
            }
            output.append("]}\n")
        case .csv:
            var listing = ListingWriter(format: .csv, csvHeader: csvHeader, output: output)
            for order in change.orders {
                try listing.csv { output in
                    output.append(csvField: order.orderID)
                    output.append(",")
                    if let before = order.statusBefore { output.append(before.description) }
                    output.append(",")
                    output.append(order.statusAfter.description)
                    output.append(",")
                    output.append(order.events)
                    output.append(",")
                    output.append(order.paid)
                    output.append(",")
                    output.append(order.refunded)
                }
            }
        case .table:
            output.append(summary(change))
            if !change.orders.isEmpty {
                output.append("\n")
                try DiffOrdersTable(change.orders).write(to: output)
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

    /// For people, the summary and the money per currency (the orders follow).
    static func summary(_ change: LedgerChange) -> String {
        let types = EventKind.allCases.map { "\($0) \(change.byType[$0] ?? 0)" }.joined(separator: ", ")
        var text =
            "From \(words(change.from)) to \(words(change.to)): \(change.events) event\(change.events == 1 ? "" : "s") "
            + "(\(types)), \(change.orders.count) order\(change.orders.count == 1 ? "" : "s") touched\n"
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
