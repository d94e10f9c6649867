public import LedgerServices

/// The JSON of SPEC §6 for orders: one `list` object, and `show`'s object with its lines and
/// history. `orders list`, `orders show` and the server's `/api/orders` write these.
public enum OrderJSON {
    /// The SPEC §6 object of one order (also the head of `show`).
    public static func object(_ row: OrderSummary) -> JSONObject {
        var object = JSONObject()
        members(row, into: &object)
        return object
    }

    /// The members of the SPEC §6 object of one order.
    public static func members(_ row: OrderSummary, into object: inout some JSONMemberWriting) {
        let state = row.state
        object.add("order_id", row.orderID)
        object.add("customer_id", row.customerID)
        object.add("status", state.status.description)
        object.add("currency", state.currency.description)
        object.add("total", state.total)
        object.add("paid", state.paid)
        object.add("refunded", state.refunded)
        object.add("line_count", state.lineCount)
        object.add("item_count", state.itemCount)
        object.add("placed_at", state.placedAt)
        object.add("updated_at", state.updatedAt)
        object.add("version", state.version)
    }

    /// What `orders show --format json` prints: the order's object with `lines` and `history`,
    /// and a line end.
    public static func detail(_ detail: OrderDetail) -> String {
        var object = object(detail.summary)
        object.add("lines", raw: LineItemsText.json(detail.lines))
        object.add("history", raw: "[" + detail.history.map { historyObject($0).text }.joined(separator: ",") + "]")
        return object.text + "\n"
    }

    /// One entry of `history`: what the event carries, a key it lacks left out.
    public static func historyObject(_ entry: HistoryEntry) -> JSONObject {
        var object = JSONObject()
        object.add("seq", entry.seq)
        object.add("version", entry.version)
        object.add("type", entry.kind.description)
        object.add("at", entry.at.description)
        object.add("amount", entry.amount)
        object.add("refund", entry.refund)
        object.add("carrier", entry.carrier)
        object.add("reason", entry.reason)
        return object
    }
}
