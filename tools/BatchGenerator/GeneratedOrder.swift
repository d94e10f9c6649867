/// The generator's model of one order in flight: enough to write valid next steps and bad ones.
struct GeneratedOrder {
    enum Plan { case fulfil, cancelEarly, cancelAfterPaying, refundAfterDelivery }
    enum Status { case placed, partiallyPaid, paid, shipped, delivered }

    /// The order's number; its id is `GeneratedIdentifiers.order(number)`.
    let number: Int
    let total: Int
    let plan: Plan
    var status = Status.placed
    var paid = 0
    var lastAt: Int64
}
