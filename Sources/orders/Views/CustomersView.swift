import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Writes `orders customers` row by row into standard output's buffer: a store of a million
/// orders has some 200,000 customers, and building all of them into one string first cost more
/// than the query itself.
enum CustomersView {
    static func write(_ rows: [CustomerSummary], format: QueryFormat) throws {
        switch format {
        case .json:
            var listing = ListingWriter(format: .json, csvHeader: [])
            for row in rows {
                try listing.object { CustomerJSON.members(row, into: &$0) }
            }
            try listing.finish()
        case .csv:
            // Long form, one row per currency, so that the columns never depend on the data.
            var listing = ListingWriter(
                format: .csv, csvHeader: ["customer_id", "orders", "open_orders", "cancelled", "currency", "net"])
            for row in rows {
                for entry in row.totals.net.entries {
                    try listing.csv { output in
                        output.append(csvField: row.customerID)
                        output.append(",")
                        output.append(row.totals.orders)
                        output.append(",")
                        output.append(row.totals.openOrders)
                        output.append(",")
                        output.append(row.totals.cancelled)
                        output.append(",")
                        output.append(currency: entry.currency)
                        output.append(",")
                        output.append(entry.amount)
                    }
                }
            }
            try listing.finish()
        case .table:
            var listing = ListingWriter(format: .table, csvHeader: [])
            guard !rows.isEmpty else {
                try listing.line("No customers yet: import a batch first.")
                return try listing.finish()
            }
            try writeTable(rows, to: &listing)
            try listing.line("\(rows.count) customer\(rows.count == 1 ? "" : "s")")
            try listing.finish()
        }
    }

    /// The table `TextTableRenderer` would make of the rows, written a row at a time: the
    /// widths come from the ids and counts (the net, last and left-aligned, is never padded), and
    /// a row of printable ASCII goes into the buffer without a string made for it.
    private static func writeTable(_ rows: [CustomerSummary], to listing: inout ListingWriter) throws {
        var widths = tableHeader.map(\.count)
        for row in rows {
            let id = row.customerID
            widths[0] = max(widths[0], id.isPrintableASCII ? id.utf8.count : id.terminalSafe.count)
            widths[1] = max(widths[1], digits(row.totals.orders))
            widths[2] = max(widths[2], digits(row.totals.openOrders))
            widths[3] = max(widths[3], digits(row.totals.cancelled))
        }
        try listing.line(TextTableRenderer.line(tableHeader, widths: widths, rightAligned: tableRightAligned))
        for row in rows {
            let totals = row.totals
            guard row.customerID.isPrintableASCII else {
                let cells = [
                    row.customerID.terminalSafe, "\(totals.orders)", "\(totals.openOrders)", "\(totals.cancelled)",
                    MoneyText.amounts(totals.net),
                ]
                try listing.line(TextTableRenderer.line(cells, widths: widths, rightAligned: tableRightAligned))
                continue
            }
            let output = listing.output
            /// A right-aligned count in `column`, after the padding its left neighbour left.
            func count(_ value: Int64, column: Int, after padding: Int) {
                output.append(spaces: padding + 2 + widths[column] - digits(value))
                output.append(value)
            }
            output.append(row.customerID)
            count(totals.orders, column: 1, after: widths[0] - row.customerID.utf8.count)
            count(totals.openOrders, column: 2, after: 0)
            count(totals.cancelled, column: 3, after: 0)
            for (index, entry) in totals.net.entries.enumerated() {
                output.append(index == 0 ? "  " : ", ")
                output.append(currency: entry.currency)
                output.append(" ")
                output.append(MoneyText.amount(entry.amount, entry.currency))
            }
            try listing.line("")
        }
    }

    private static let tableHeader = ["CUSTOMER", "ORDERS", "OPEN", "CANCELLED", "NET"]
    private static let tableRightAligned: Set<Int> = [1, 2, 3]

    /// How many characters `value` prints as (its digits and a minus sign).
    private static func digits(_ value: Int64) -> Int {
        var count = value < 0 ? 2 : 1
        var rest = value.magnitude / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}
