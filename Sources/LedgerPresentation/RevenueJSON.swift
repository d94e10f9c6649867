public import LedgerServices

/// What `orders revenue --format json` prints, and `/api/revenue` answers.
public enum RevenueJSON {
    public static func render(_ rows: [RevenueRow]) -> String {
        JSONObject.array(
            rows.map { row in
                let totals = row.totals
                var object = JSONObject()
                object.add("date", row.key.date.description)
                object.add("currency", row.key.currency.description)
                object.add("orders_placed", totals.ordersPlaced)
                object.add("orders_cancelled", totals.ordersCancelled)
                object.add("gross", totals.gross)
                object.add("captured", totals.captured)
                object.add("refunded", totals.refunded)
                object.add("net", totals.net)
                return object.text
            }) + "\n"
    }
}
