import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders events`, one event at a time. The table streams with fixed column widths
/// (the seq column as wide as the head seq when the listing began; a longer order id pushes the
/// rest of its row right), so that it can follow the log without reading it twice.
enum EventsView {
    static let csvHeader = [
        "seq", "order_id", "version", "type", "at", "customer_id", "currency", "total", "lines", "amount", "refund",
        "carrier", "reason",
    ]
    static let tableHeader = ["SEQ", "AT", "ORDER", "V", "TYPE", "DETAILS"]
    private static let rightAligned: Set<Int> = [0, 3]

    /// The table's column widths for a log whose head seq is `head`.
    static func tableWidths(head: UInt64) -> [Int] { [max(3, String(head).count), 24, 12, 2, 9, 0] }

    /// Adds `row` to `listing` in its format.
    static func add(_ row: EventRow, to listing: inout ListingWriter, widths: [Int]) throws {
        switch listing.format {
        case .json, .jsonl: try listing.object { EventJSON.members(row, into: &$0) }
        case .csv: try listing.csv(csvRow(row))
        case .table: try listing.line(TextTableRenderer.line(tableCells(row), widths: widths, rightAligned: rightAligned))
        }
    }

    /// The header line of the table.
    static func tableHeaderLine(widths: [Int]) -> String {
        TextTableRenderer.line(tableHeader, widths: widths, rightAligned: rightAligned)
    }

    static func csvRow(_ row: EventRow) -> [String] {
        [
            "\(row.seq)", row.orderID, "\(row.version)", row.kind.description, row.at.description, row.customerID ?? "",
            row.kind == .placed ? row.currency?.description ?? "" : "", row.total.map(String.init) ?? "",
            row.lines.map(LineItemsText.batchNotation) ?? "", row.amount.map(String.init) ?? "",
            row.refund.map(String.init) ?? "", row.carrier ?? "", row.reason ?? "",
        ]
    }

    /// One table row, terminal-safe; money in the order's currency.
    private static func tableCells(_ row: EventRow) -> [String] {
        var facts: [String] = []
        let money = { (minor: Int64) in row.currency.map { MoneyText.money(minor, $0) } ?? "\(minor)" }
        if let customer = row.customerID { facts.append("customer \(customer.terminalSafe)") }
        if let total = row.total { facts.append("total \(money(total))") }
        if let lines = row.lines { facts.append("\(lines.count) line\(lines.count == 1 ? "" : "s")") }
        if let amount = row.amount { facts.append(money(amount)) }
        if let refund = row.refund { facts.append("refund \(money(refund))") }
        if let carrier = row.carrier { facts.append("carrier \(carrier.isEmpty ? "(empty)" : carrier.terminalSafe)") }
        if let reason = row.reason { facts.append("reason \(reason.isEmpty ? "(empty)" : reason.terminalSafe)") }
        return [
            "\(row.seq)", row.at.description, row.orderID.terminalSafe, "\(row.version)", row.kind.description,
            facts.joined(separator: ", "),
        ]
    }
}
