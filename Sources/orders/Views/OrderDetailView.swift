import FoundationEssentials
import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders show`: the order, its lines and its history as a timeline.
enum OrderDetailView {
    static func render(_ detail: OrderDetail, format: QueryFormat, style: TerminalStyle) -> String {
        switch format {
        case .json:
            return OrderJSON.detail(detail)
        case .csv:
            return CSVText.render(
                header: ["seq", "version", "type", "at", "amount", "refund", "carrier", "reason"],
                rows: detail.history.map { entry in
                    [
                        "\(entry.seq)", "\(entry.version)", entry.kind.description, entry.at.description,
                        entry.amount.map(String.init) ?? "", entry.refund.map(String.init) ?? "", entry.carrier ?? "",
                        entry.reason ?? "",
                    ]
                })
        case .table:
            return table(detail, style: style)
        }
    }

    private static func table(_ detail: OrderDetail, style: TerminalStyle) -> String {
        let summary = detail.summary
        let state = summary.state
        let currency = state.currency
        var text = style.bold("Order \(summary.orderID.terminalSafe)") + "  " + style.status(state.status) + "\n"
        text += "customer  \(summary.customerID.terminalSafe)\n"
        text +=
            "total     \(MoneyText.money(state.total, currency))   paid \(MoneyText.amount(state.paid, currency))"
            + "   refunded \(MoneyText.amount(state.refunded, currency))\n"
        text += "placed    \(state.placedAt)   updated \(state.updatedAt)   version \(state.version)\n\n"
        text += TextTableRenderer.render(
            header: ["SKU", "QTY", "UNIT PRICE", "LINE TOTAL"],
            rows: detail.lines.map { line in
                [
                    line.sku, "\(line.quantity)", MoneyText.amount(line.unitPrice, currency),
                    MoneyText.amount(line.quantity * line.unitPrice, currency),
                ]
            }, rightAligned: [1, 2, 3])
        text += "\nHistory\n"
        for entry in detail.history {
            var facts: [String] = []
            if entry.kind == .placed { facts.append("total \(MoneyText.money(state.total, currency))") }
            if let amount = entry.amount { facts.append(MoneyText.money(amount, currency)) }
            if let refund = entry.refund { facts.append("refund \(MoneyText.money(refund, currency))") }
            if let carrier = entry.carrier { facts.append("carrier \(carrier.isEmpty ? "(empty)" : carrier.terminalSafe)") }
            if let reason = entry.reason { facts.append("reason \(reason.isEmpty ? "(empty)" : reason.terminalSafe)") }
            let kind = entry.kind.description  // at most 9 characters: the column is 10 wide
            text +=
                "  \(entry.at)  " + style.dim("#\(entry.seq) v\(entry.version)") + "  "
                + kind + String(repeating: " ", count: max(0, 10 - kind.count)) + facts.joined(separator: ", ") + "\n"
        }
        return text
    }
}
