import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders list` row by row as the snapshot is read, so that a listing of every order
/// (`--limit 0`) needs no more memory than one of ten. A table needs its column widths first: it
/// walks the snapshot twice (widths, then rows); both walks read the same snapshot.
enum OrderListView {
    static let csvHeader = [
        "order_id", "customer_id", "status", "currency", "total", "paid", "refunded", "line_count", "item_count",
        "placed_at", "updated_at", "version",
    ]
    private static let tableHeader = ["ORDER", "CUSTOMER", "STATUS", "TOTAL", "PAID", "REFUNDED", "ITEMS", "UPDATED"]
    private static let rightAligned: Set<Int> = [3, 4, 5, 6]
    private static let statusColumn = 2

    /// Writes the orders that `forEachOrder` walks (a snapshot's, or the log's replayed `--as-of`
    /// a past moment; it gives how many match in all) to standard output, and says so when
    /// `--limit` left some out.
    static func write(
        _ forEachOrder: (_ visit: (OrderSummary) throws -> Void) throws -> Int, format: ListingFormat, style: TerminalStyle
    ) throws {
        var listing = ListingWriter(format: format, csvHeader: csvHeader)
        var shown = 0
        let total: Int
        switch format {
        case .json, .jsonl:
            total = try forEachOrder { row in
                try listing.object { OrderJSON.members(row, into: &$0) }
                shown += 1
            }
        case .csv:
            total = try forEachOrder { row in
                try listing.csv(csvRow(row))
                shown += 1
            }
        case .table:
            var widths = tableHeader.map(\.count)
            total = try forEachOrder { row in
                for (column, cell) in tableCells(row).enumerated() { widths[column] = max(widths[column], cell.count) }
                shown += 1
            }
            guard shown > 0 else {
                try listing.line("No orders match.")
                return try listing.finish()
            }
            try listing.line(TextTableRenderer.line(tableHeader, widths: widths, rightAligned: rightAligned))
            _ = try forEachOrder { row in
                let line = TextTableRenderer.line(tableCells(row), widths: widths, rightAligned: rightAligned) {
                    column, padded in column == statusColumn ? style.status(row.state.status).padded(to: padded) : padded
                }
                try listing.line(line)
            }
            try listing.line(CutNotice(shown: shown, total: max(shown, total), noun: "orders", lift: "--limit 0").tableLine)
            return try listing.finish()
        }
        try listing.finish()
        CutNotice(shown: shown, total: max(shown, total), noun: "orders", lift: "--limit 0").writeNote()
    }

    static func csvRow(_ row: OrderSummary) -> [String] {
        let state = row.state
        return [
            row.orderID, row.customerID, state.status.description, state.currency.description, "\(state.total)",
            "\(state.paid)", "\(state.refunded)", "\(state.lineCount)", "\(state.itemCount)",
            state.placedAt.description, state.updatedAt.description, "\(state.version)",
        ]
    }

    /// One table row, terminal-safe.
    private static func tableCells(_ row: OrderSummary) -> [String] {
        let state = row.state
        return [
            row.orderID.terminalSafe, row.customerID.terminalSafe, state.status.description,
            MoneyText.money(state.total, state.currency), MoneyText.amount(state.paid, state.currency),
            MoneyText.amount(state.refunded, state.currency), DigitGrouping.grouped(state.itemCount),
            state.updatedAt.description,
        ]
    }
}

extension String {
    /// This (coloured) text, followed by the padding that `padded` has after the plain text.
    func padded(to padded: String) -> String {
        self + String(padded.reversed().prefix(while: { $0 == " " }))
    }
}
