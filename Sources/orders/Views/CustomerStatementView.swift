import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders customer ID`: a statement for people, one JSON object, or CSV rows per currency.
enum CustomerStatementView {
    static let csvHeader = ["customer_id", "currency", "orders", "total", "paid", "refunded", "net"]

    static func render(_ statement: CustomerStatement, format: QueryFormat, style: TerminalStyle) -> String {
        switch format {
        case .json: return json(statement) + "\n"
        case .csv:
            return CSVText.render(
                header: csvHeader,
                rows: statement.currencies.map { totals in
                    [
                        statement.customerID, totals.currency.description, "\(totals.orders)", "\(totals.total)",
                        "\(totals.paid)", "\(totals.refunded)", "\(totals.net)",
                    ]
                })
        case .table: return table(statement, style: style)
        }
    }

    private static func json(_ statement: CustomerStatement) -> String {
        var object = JSONObject()
        object.add("customer_id", statement.customerID)
        object.add("orders", statement.orders)
        object.add("open_orders", statement.openOrders)
        object.add("cancelled", statement.byStatus[.cancelled] ?? 0)
        object.add("first_placed_at", statement.firstPlaced)
        object.add("last_placed_at", statement.lastPlaced)
        let currencies = statement.currencies.map { totals in
            var member = JSONObject()
            member.add("currency", totals.currency.description)
            member.add("orders", totals.orders)
            member.add("total", totals.total)
            member.add("paid", totals.paid)
            member.add("refunded", totals.refunded)
            member.add("net", totals.net)
            return member.text
        }
        object.add("currencies", raw: "[" + currencies.joined(separator: ",") + "]")
        let statuses = OrderStatus.allCases.map { "\"\($0)\":\(statement.byStatus[$0] ?? 0)" }
        object.add("by_status", raw: "{" + statuses.joined(separator: ",") + "}")
        object.add("recent", raw: "[" + statement.recent.map { OrderJSON.object($0).text }.joined(separator: ",") + "]")
        return object.text
    }

    private static func table(_ statement: CustomerStatement, style: TerminalStyle) -> String {
        let cancelled = statement.byStatus[.cancelled] ?? 0
        var text =
            "Customer \(statement.customerID.terminalSafe): \(plural(statement.orders, "order")), "
            + "\(statement.openOrders) open, \(cancelled) cancelled; placed "
            + "\(statement.firstPlaced.description.prefix(10)) to \(statement.lastPlaced.description.prefix(10))\n\n"
        text += TextTableRenderer.render(
            header: ["CURRENCY", "ORDERS", "TOTAL", "PAID", "REFUNDED", "NET"],
            rows: statement.currencies.map { totals in
                let currency = totals.currency
                return [
                    currency.description, DigitGrouping.grouped(totals.orders), MoneyText.amount(totals.total, currency),
                    MoneyText.amount(totals.paid, currency), MoneyText.amount(totals.refunded, currency),
                    MoneyText.amount(totals.net, currency),
                ]
            }, rightAligned: [1, 2, 3, 4, 5])
        let statuses = OrderStatus.allCases.filter { (statement.byStatus[$0] ?? 0) > 0 }
        text += "\n"
        text += TextTableRenderer.render(
            header: ["STATUS", "ORDERS"],
            rows: statuses.map { [$0.description, DigitGrouping.grouped(statement.byStatus[$0] ?? 0)] },
            rightAligned: [1]
        ) { row, column, padded in column == 0 ? style.status(statuses[row]).padded(to: padded) : padded }
        guard !statement.recent.isEmpty else { return text }
        text += "\nRecent orders, latest placed first:\n"
        text += TextTableRenderer.render(
            header: ["ORDER", "STATUS", "TOTAL", "PAID", "PLACED"],
            rows: statement.recent.map { order in
                let state = order.state
                return [
                    order.orderID, state.status.description, MoneyText.money(state.total, state.currency),
                    MoneyText.amount(state.paid, state.currency), state.placedAt.description,
                ]
            }, rightAligned: [2, 3]
        ) { row, column, padded in column == 1 ? style.status(statement.recent[row].state.status).padded(to: padded) : padded }
        if statement.recent.count < statement.orders {
            text += "\(statement.recent.count) of \(plural(statement.orders, "order")) (--recent 0 for all)\n"
        }
        return text
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(DigitGrouping.grouped(count)) \(noun)\(count == 1 ? "" : "s")"
    }
}
