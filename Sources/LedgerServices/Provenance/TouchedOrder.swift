public import LedgerDomain

/// One order that the events of a range touched, as `ChangedOrders` hands it over (its id beside
/// it): its status before the range (`nil` when it was placed in it) and after, how many of its
/// events are in the range, and what they paid and refunded (cancel refunds included).
public struct TouchedOrder: Hashable, Sendable {
    public let statusBefore: OrderStatus?
    public let statusAfter: OrderStatus
    /// The order's currency, that of `paid` and `refunded`.
    public let currency: Currency
    public let events: Int
    public let paid: Int64
    public let refunded: Int64

    public init(
        statusBefore: OrderStatus?, statusAfter: OrderStatus, currency: Currency, events: Int, paid: Int64, refunded: Int64
    ) {
        self.statusBefore = statusBefore
        self.statusAfter = statusAfter
        self.currency = currency
        self.events = events
        self.paid = paid
        self.refunded = refunded
    }
}
