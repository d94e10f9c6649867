public import LedgerServices

/// The JSON object of one logged event, as `orders events` and `/api/events` write it.
public enum EventJSON {
    /// The members of one event's JSON object: `seq, order_id, version, type, at` and what the
    /// event carries (SPEC §6 conventions: a key the event lacks is left out).
    public static func members(_ row: EventRow, into object: inout some JSONMemberWriting) {
        object.add("seq", row.seq)
        object.add("order_id", row.orderID)
        object.add("version", row.version)
        object.add("type", row.kind.description)
        object.add("at", row.at)
        object.add("customer_id", row.customerID)
        if row.kind == .placed { object.add("currency", row.currency?.description) }
        object.add("total", row.total)
        if let lines = row.lines { object.add("lines", lines) }
        object.add("amount", row.amount)
        object.add("refund", row.refund)
        object.add("carrier", row.carrier)
        object.add("reason", row.reason)
    }

    /// One event's object as text.
    public static func object(_ row: EventRow) -> JSONObject {
        var object = JSONObject()
        members(row, into: &object)
        return object
    }
}
