import LedgerDomain
import LedgerPresentation
import LedgerServices

/// `/`: revenue per day and currency (SVG bars), orders by status, the best-selling skus, the
/// recent batches and a search by order id, from the same answers as `orders revenue`, `stats`,
/// `skus --top` and `batches`.
enum DashboardPage {
    /// The most recent days with revenue drawn per currency.
    static let chartDays = 31
    /// How many skus the best-selling table shows.
    static let topSKUs = 10
    /// How many of the latest batches the dashboard lists.
    static let recentBatches = 10

    static func html(stats: LedgerStatistics, revenue: [RevenueRow], skus: [SKUSummary], batches: [BatchRow]) -> String {
        var body = "<h1>Order ledger</h1>\n"
        body += """
            <form action="/orders" method="get" role="search">
            <label for="order">Order id</label> <input id="order" name="id" required maxlength="64" \
            pattern="[A-Za-z0-9._:\\-]{1,64}"> <button type="submit">Show order</button>
            </form>

            """
        body += "<p>\(stats.events) events, \(stats.orders) orders, \(stats.customers) customers, \(stats.skus) skus</p>\n"
        body += "<h2>Revenue per day</h2>\n"
        body += revenueSection(revenue)
        body += "<h2>Orders by status</h2>\n<table id=\"by-status\"><tr><th>Status</th><th class=\"number\">Orders</th></tr>\n"
        for status in OrderStatus.allCases {
            body += "<tr data-status=\"\(status)\"><td>\(status)</td><td class=\"number\">\(stats.byStatus[status])</td></tr>\n"
        }
        body += "</table>\n<h2>Best-selling skus</h2>\n"
        body += skusSection(skus)
        body += "<h2>Recent batches</h2>\n"
        body += batchesSection(batches)
        return HTMLText.page(title: "Order ledger", body: body)
    }

    /// A chart and a table per currency, over its last `chartDays` dates with revenue.
    private static func revenueSection(_ rows: [RevenueRow]) -> String {
        guard !rows.isEmpty else { return "<p class=\"empty\">No revenue yet: import a batch first.</p>\n" }
        var html = ""
        let currencies = Set(rows.map(\.key.currency)).sorted()
        for currency in currencies {
            let recent = Array(rows.filter { $0.key.currency == currency }.suffix(chartDays))
            html += "<h3>\(currency)</h3>\n" + RevenueChart.svg(recent, currency: currency) + "\n"
            html += "<details><summary>These days as a table</summary>\n"
            html += "<table class=\"revenue\" data-currency=\"\(currency)\"><tr><th>Date</th>"
            html += "<th class=\"number\">Gross</th><th class=\"number\">Captured</th><th class=\"number\">Refunded</th>"
            html += "<th class=\"number\">Net</th></tr>\n"
            for row in recent.reversed() {
                let totals = row.totals
                html += "<tr><td>\(row.key.date)</td>"
                for amount in [totals.gross, totals.captured, totals.refunded, totals.net] {
                    html += "<td class=\"number\">\(MoneyText.amount(amount, currency))</td>"
                }
                html += "</tr>\n"
            }
            html += "</table>\n</details>\n"
        }
        return html
    }

    private static func skusSection(_ rows: [SKUSummary]) -> String {
        guard !rows.isEmpty else { return "<p class=\"empty\">No skus yet: import a batch first.</p>\n" }
        var html = "<table id=\"skus\"><tr><th>Sku</th><th class=\"number\">Net units</th><th>Revenue</th></tr>\n"
        for row in rows {
            html += "<tr><td>\(HTMLText.escape(row.sku))</td><td class=\"number\">\(row.totals.netUnits)</td>"
            html += "<td>\(HTMLText.escape(MoneyText.amounts(row.totals.revenue)))</td></tr>\n"
        }
        return html + "</table>\n"
    }

    /// The latest `recentBatches` batches, newest first: file, digest (8 digits), counts, when.
    private static func batchesSection(_ rows: [BatchRow]) -> String {
        guard !rows.isEmpty else { return "<p class=\"empty\">No batches yet: import a batch first.</p>\n" }
        var html = "<table id=\"batches\"><tr><th>File</th><th>Batch</th><th class=\"number\">Accepted</th>"
        html += "<th class=\"number\">Rejected</th><th>Imported at</th></tr>\n"
        for row in rows.suffix(recentBatches).reversed() {
            let file = row.file.map(HTMLText.escape) ?? "(before provenance)"
            let batch = HTMLText.escape(String(row.digest.prefix(8)))
            html +=
                "<tr><td class=\"file\">\(file)</td><td class=\"batch\" title=\"\(HTMLText.escape(row.digest))\">\(batch)</td>"
            html += "<td class=\"number\">\(row.accepted)</td><td class=\"number\">\(row.rejected)</td>"
            html += "<td>\(row.importedAt.map { $0.description } ?? "-")</td></tr>\n"
        }
        return html + "</table>\n"
    }
}
