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

    /// One customer's object, one line, as an item of what `orders customers --format json` prints.
    public static func object(_ row: CustomerSummary) -> String {
        var object = JSONObject()
        members(row, into: &object)
        return object.text
    }
}
