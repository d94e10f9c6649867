import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders diff` (SPEC §11): the JSON object as `DiffJSON` writes it; for people, the
/// summary (the range, the events per type, the money per currency) on top and the orders touched
/// below; as CSV, one row per order touched.
enum DiffView {
    static let csvHeader = ["order_id", "status_before", "status_after", "events", "paid", "refunded"]

    static func render(_ change: LedgerChange, format: QueryFormat) -> String {
        switch format {
        case .json: return DiffJSON.render(change)
        case .csv:
            return CSVText.render(
                header: csvHeader,
                rows: change.orders.map { order in
                    [
                        order.orderID, order.statusBefore?.description ?? "", order.statusAfter.description,
                        "\(order.events)", "\(order.paid)", "\(order.refunded)",
                    ]
                })
        case .table: return table(change)
        }
    }

    private static func words(_ moment: AsOf) -> String {
        switch moment {
        case .seq(let seq): "seq \(seq)"
        case .time(let time): time.description
        }
    }

    private static func table(_ change: LedgerChange) -> String {
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
        if !change.orders.isEmpty {
            let rows = change.orders.map { order in
                [
                    order.orderID, order.statusBefore?.description ?? "(new)", order.statusAfter.description,
                    "\(order.events)", MoneyText.money(order.paid, order.currency),
                    MoneyText.money(order.refunded, order.currency),
                ]
            }
            text +=
                "\n"
                + TextTableRenderer.render(
                    header: ["ORDER", "BEFORE", "AFTER", "EVENTS", "PAID", "REFUNDED"], rows: rows, rightAligned: [3, 4, 5])
        }
        return text
    }
}
