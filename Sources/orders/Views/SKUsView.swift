import LedgerDomain
import LedgerServices

/// Renders `orders skus`.
enum SKUsView {
    static func render(_ rows: [SKUSummary], format: QueryFormat) -> String {
        switch format {
        case .json:
            return JSONObject.array(
                rows.map { row in
                    var object = JSONObject()
                    object.add("sku", row.sku)
                    object.add("units_ordered", row.totals.unitsOrdered)
                    object.add("units_cancelled", row.totals.unitsCancelled)
                    object.add("revenue", raw: CurrencyColumns.json(row.totals.revenue))
                    return object.text
                }) + "\n"
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
