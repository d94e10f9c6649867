public import LedgerDomain

/// One order that the events of a range touched (`orders diff`): its status before the range
/// (`nil` when it was placed in it) and after, how many of its events are in the range, and what
/// they paid and refunded (cancel refunds included).
public struct OrderChange: Hashable, Sendable {
    public let orderID: String
    public let statusBefore: OrderStatus?
    public let statusAfter: OrderStatus
    /// The order's currency, that of `paid` and `refunded`.
    public let currency: Currency
    public let events: Int
    public let paid: Int128
    public let refunded: Int128

    public init(
        orderID: String, statusBefore: OrderStatus?, statusAfter: OrderStatus, currency: Currency, events: Int, paid: Int128,
        refunded: Int128
    ) {
        self.orderID = orderID
        self.statusBefore = statusBefore
        self.statusAfter = statusAfter
        self.currency = currency
        self.events = events
        self.paid = paid
        self.refunded = refunded
    }

    /// The order touched whose id is `orderID`.
    public init(orderID: String, _ order: TouchedOrder) {
        self.init(
            orderID: orderID, statusBefore: order.statusBefore, statusAfter: order.statusAfter, currency: order.currency,
            events: order.events, paid: Int128(order.paid), refunded: Int128(order.refunded))
    }
}
