import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders skus`.
enum SKUsView {
    static func render(_ rows: [SKUSummary], format: QueryFormat) -> String {
        switch format {
        case .json:
            return SKUsJSON.render(rows)
        case .csv:
            let currencies = CurrencyColumns.currencies(rows.map(\.totals.revenue))
            return CSVText.render(
                header: ["sku", "units_ordered", "units_cancelled"] + currencies.map { "revenue_\($0)" },
                rows: rows.map { row in
                    [row.sku, "\(row.totals.unitsOrdered)", "\(row.totals.unitsCancelled)"]
                        + CurrencyColumns.cells(row.totals.revenue, currencies)
                })
        case .table:
            guard !rows.isEmpty else { return "No skus yet: import a batch first.\n" }
            return TextTableRenderer.render(
                header: ["SKU", "ORDERED", "CANCELLED", "NET UNITS", "REVENUE"],
                rows: rows.map { row in
                    [
                        row.sku, "\(row.totals.unitsOrdered)", "\(row.totals.unitsCancelled)", "\(row.totals.netUnits)",
                        MoneyText.amounts(row.totals.revenue),
                    ]
                }, rightAligned: [1, 2, 3])
        }
    }
}
