public import LedgerServices

/// What `orders skus --format json` prints, and `/api/skus` answers.
public enum SKUsJSON {
    public static func render(_ rows: [SKUSummary]) -> String {
        JSONObject.array(
            rows.map { row in
                var object = JSONObject()
                object.add("sku", row.sku)
                object.add("units_ordered", row.totals.unitsOrdered)
                object.add("units_cancelled", row.totals.unitsCancelled)
                object.add("revenue", raw: JSONObject.amounts(row.totals.revenue))
                return object.text
            }) + "\n"
    }
}
