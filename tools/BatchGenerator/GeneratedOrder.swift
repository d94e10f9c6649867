/// The generator's model of one order in flight: enough to write valid next steps and bad ones.
struct GeneratedOrder {
    enum Plan { case fulfil, cancelEarly, cancelAfterPaying, refundAfterDelivery }

    let id: String
    let total: Int
    let plan: Plan
    var status = "placed"
    var paid = 0
    var refunded = 0
    var lastAt: Int64
    var steps = 0
}
