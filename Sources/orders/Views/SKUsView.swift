import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders skus`.
enum SKUsView {
    /// `cut`: the table's last line when `--top` left skus out.
    static func render(_ rows: [SKUSummary], format: QueryFormat, cut: CutNotice) -> String {
        switch format {
        case .json:
            return SKUsJSON.render(rows)
        case .csv:
            // Long form, one row per currency, so that the columns never depend on the data.
            return CSVText.render(
                header: ["sku", "units_ordered", "units_cancelled", "currency", "revenue"],
                rows: rows.flatMap { row in
                    row.totals.revenue.entries.map { entry in
                        [
                            row.sku, "\(row.totals.unitsOrdered)", "\(row.totals.unitsCancelled)", entry.currency.description,
                            "\(entry.amount)",
                        ]
                    }
                })
        case .table:
            guard !rows.isEmpty else { return "No skus yet: import a batch first.\n" }
            return TextTableRenderer.render(
                header: ["SKU", "ORDERED", "CANCELLED", "NET UNITS", "REVENUE"],
                rows: rows.map { row in
                    [
                        row.sku, DigitGrouping.grouped(row.totals.unitsOrdered),
                        DigitGrouping.grouped(row.totals.unitsCancelled), DigitGrouping.grouped(row.totals.netUnits),
                        MoneyText.amounts(row.totals.revenue),
                    ]
                }, rightAligned: [1, 2, 3]) + (cut.cuts ? cut.tableLine + "\n" : "")
        }
    }

    /// Net units (ordered − cancelled) per sku as bars, scaled to the largest.
    static func chart(_ rows: [SKUSummary], cut: CutNotice, style: TerminalStyle) -> String {
        guard !rows.isEmpty else { return "No skus yet: import a batch first.\n" }
        return BarChart.render(
            header: ["SKU", "NET UNITS"],
            rows: rows.map { row in
                BarChart.Row(
                    labels: [row.sku], value: DigitGrouping.grouped(row.totals.netUnits),
                    magnitude: Double(row.totals.netUnits), series: "units")
            }, style: style) + (cut.cuts ? cut.tableLine + "\n" : "")
    }
}
