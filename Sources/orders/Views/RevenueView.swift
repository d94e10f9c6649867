import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders revenue`, with a totals row per currency for people.
enum RevenueView {
    static let keys = ["date", "currency", "orders_placed", "orders_cancelled", "gross", "captured", "refunded", "net"]

    static func render(_ rows: [RevenueRow], format: QueryFormat) -> String {
        switch format {
        case .json:
            return RevenueJSON.render(rows)
        case .csv:
            return CSVText.render(header: keys, rows: rows.map(values))
        case .table:
            guard !rows.isEmpty else { return "No revenue in that range.\n" }
            var totals: [Currency: RevenueTotals] = [:]
            for row in rows {
                totals[row.key.currency, default: RevenueTotals()].add(row.totals)
            }
            let body = rows.map { people($0.key.date.description, $0.key.currency, $0.totals) }
            let footer = totals.keys.sorted().map { people("total", $0, totals[$0]!) }
            return TextTableRenderer.render(
                header: ["DATE", "CURRENCY", "PLACED", "CANCELLED", "GROSS", "CAPTURED", "REFUNDED", "NET"],
                rows: body + footer, rightAligned: [2, 3, 4, 5, 6, 7])
        }
    }

    /// Net per row as bars, scaled to the largest of each currency.
    static func chart(_ rows: [RevenueRow], style: TerminalStyle) -> String {
        guard !rows.isEmpty else { return "No revenue in that range.\n" }
        return BarChart.render(
            header: ["DATE", "CURRENCY", "NET"],
            rows: rows.map { row in
                BarChart.Row(
                    labels: [row.key.date.description, row.key.currency.description],
                    value: MoneyText.amount(row.totals.net, row.key.currency), magnitude: Double(row.totals.net),
                    series: row.key.currency.description)
            }, style: style)
    }

    private static func values(_ row: RevenueRow) -> [String] {
        let totals = row.totals
        return [
            row.key.date.description, row.key.currency.description, "\(totals.ordersPlaced)", "\(totals.ordersCancelled)",
            "\(totals.gross)", "\(totals.captured)", "\(totals.refunded)", "\(totals.net)",
        ]
    }

    private static func people(_ date: String, _ currency: Currency, _ totals: RevenueTotals) -> [String] {
        [
            date, currency.description, "\(totals.ordersPlaced)", "\(totals.ordersCancelled)",
            MoneyText.amount(totals.gross, currency), MoneyText.amount(totals.captured, currency),
            MoneyText.amount(totals.refunded, currency), MoneyText.amount(totals.net, currency),
        ]
    }
}

extension RevenueTotals {
    mutating func add(_ other: RevenueTotals) {
        ordersPlaced += other.ordersPlaced
        ordersCancelled += other.ordersCancelled
        gross += other.gross
        captured += other.captured
        refunded += other.refunded
    }
}
