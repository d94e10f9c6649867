import LedgerDomain
public import LedgerServices

/// What `orders diff --format json` prints, and `/api/diff` answers: the object exactly as the
/// contract gives it.
public enum DiffJSON {
    public static func render(_ change: LedgerChange) -> String {
        var object = withoutOrders(change)
        let orders = change.orders.map { order in
            var item = JSONObject()
            item.add("order_id", order.orderID)
            item.add("status_before", order.statusBefore?.description)
            item.add("status_after", order.statusAfter.description)
            item.add("events", order.events)
            item.add("paid", order.paid)
            item.add("refunded", order.refunded)
            return item.text
        }
        object.add("orders", raw: "[" + orders.joined(separator: ",") + "]")
        return object.text + "\n"
    }

    /// The object without its last member, `orders` (what a writer that streams the orders after
    /// it starts from).
    public static func withoutOrders(_ change: LedgerChange) -> JSONObject {
        var object = JSONObject()
        object.add("from", raw: moment(change.from))
        object.add("to", raw: moment(change.to))
        object.add("events", change.events)
        var byType = JSONObject()
        for kind in EventKind.allCases { byType.add(kind.description, change.byType[kind] ?? 0) }
        object.add("by_type", raw: byType.text)
        var money = JSONObject()
        for (currency, moved) in change.money.sorted(by: { $0.key.description < $1.key.description }) {
            var totals = JSONObject()
            totals.add("gross", moved.gross)
            totals.add("captured", moved.captured)
            totals.add("refunded", moved.refunded)
            totals.add("net", moved.net)
            money.add(currency.description, raw: totals.text)
        }
        object.add("money", raw: money.text)
        return object
    }

    /// `{"seq": N}` or `{"at": "<time>"}`.
    private static func moment(_ moment: AsOf) -> String {
        switch moment {
        case .seq(let seq): "{\"seq\":\(seq)}"
        case .time(let time): "{\"at\":\(JSONText.quote(time.description))}"
        }
    }
}
