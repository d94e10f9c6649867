import LedgerDomain
import LedgerPresentation
import LedgerServices

/// `/orders/{id}`: one order's totals, lines and timeline, as `orders show` has them, and where
/// each event came from, as `orders blame` has it.
enum OrderPage {
    static func html(_ detail: OrderDetail, provenance: [BlameEntry]) -> String {
        let summary = detail.summary
        let state = summary.state
        let currency = state.currency
        let id = HTMLText.escape(summary.orderID)
        var body = "<h1>Order <span id=\"order-id\">\(id)</span> <span class=\"status\">\(state.status)</span></h1>\n"
        body += "<table id=\"totals\">\n"
        let facts: [(String, String)] = [
            ("Customer", HTMLText.escape(summary.customerID)), ("Total", MoneyText.money(state.total, currency)),
            ("Paid", MoneyText.money(state.paid, currency)), ("Refunded", MoneyText.money(state.refunded, currency)),
            ("Placed", state.placedAt.description), ("Updated", state.updatedAt.description), ("Version", "\(state.version)"),
        ]
        for (name, value) in facts { body += "<tr><th>\(name)</th><td>\(value)</td></tr>\n" }
        body += "</table>\n<h2>Lines</h2>\n<table id=\"lines\"><tr><th>Sku</th><th class=\"number\">Qty</th>"
        body += "<th class=\"number\">Unit price</th><th class=\"number\">Line total</th></tr>\n"
        for line in detail.lines {
            body += "<tr><td>\(HTMLText.escape(line.sku))</td><td class=\"number\">\(line.quantity)</td>"
            body += "<td class=\"number\">\(MoneyText.amount(line.unitPrice, currency))</td>"
            body += "<td class=\"number\">\(MoneyText.amount(line.quantity * line.unitPrice, currency))</td></tr>\n"
        }
        body += "</table>\n<h2>Timeline</h2>\n<ol class=\"timeline\" id=\"timeline\">\n"
        for entry in detail.history {
            var facts: [String] = []
            if entry.kind == .placed { facts.append("total " + MoneyText.money(state.total, currency)) }
            if let amount = entry.amount { facts.append(MoneyText.money(amount, currency)) }
            if let refund = entry.refund { facts.append("refund " + MoneyText.money(refund, currency)) }
            if let carrier = entry.carrier { facts.append("carrier <span class=\"carrier\">\(HTMLText.escape(carrier))</span>") }
            if let reason = entry.reason { facts.append("reason <span class=\"reason\">\(HTMLText.escape(reason))</span>") }
            body += "<li data-seq=\"\(entry.seq)\"><time>\(entry.at)</time> <strong>\(entry.kind)</strong> "
            body += "(#\(entry.seq), v\(entry.version)) \(facts.joined(separator: ", "))</li>\n"
        }
        body += "</ol>\n<h2>Provenance</h2>\n"
        body += provenanceSection(provenance)
        return HTMLText.page(title: "Order \(summary.orderID)", body: body)
    }

    /// One row per event: the file and line of the record that made it, its batch (8 digits) and
    /// its command id.
    private static func provenanceSection(_ entries: [BlameEntry]) -> String {
        var html = "<table id=\"provenance\"><tr><th class=\"number\">Seq</th><th>Type</th><th>File:line</th>"
        html += "<th>Batch</th><th>Command id</th></tr>\n"
        for entry in entries {
            let source = entry.file.map { HTMLText.escape("\($0):\(entry.line ?? 0)") } ?? "(before provenance)"
            let batch = entry.batch.map { HTMLText.escape(String($0.prefix(8))) } ?? "-"
            html += "<tr data-seq=\"\(entry.seq)\"><td class=\"number\">\(entry.seq)</td><td>\(entry.kind)</td>"
            html += "<td class=\"source\">\(source)</td><td class=\"batch\">\(batch)</td>"
            html += "<td class=\"command-id\">\(entry.commandID.map(HTMLText.escape) ?? "-")</td></tr>\n"
        }
        return html + "</table>\n"
    }

    /// The page for an order id that names no order, or an answer that could not be read.
    static func error(_ message: String) -> String {
        HTMLText.page(title: "Order ledger", body: "<h1>Not shown</h1>\n<p id=\"error\">\(HTMLText.escape(message))</p>\n")
    }
}
