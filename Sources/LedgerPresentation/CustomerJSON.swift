public import LedgerServices

/// The JSON object of one customer, as `orders customers` and `/api/customers` write it.
public enum CustomerJSON {
    /// The members of one customer's SPEC §6 object.
    public static func members(_ row: CustomerSummary, into object: inout some JSONMemberWriting) {
        object.add("customer_id", row.customerID)
        object.add("orders", row.totals.orders)
        object.add("open_orders", row.totals.openOrders)
        object.add("cancelled", row.totals.cancelled)
        object.add("net", row.totals.net)
    }

    /// What `orders customers --format json` prints.
    public static func render(_ rows: [CustomerSummary]) -> String {
        JSONObject.array(
            rows.map { row in
                var object = JSONObject()
                members(row, into: &object)
                return object.text
            }) + "\n"
    }
}
