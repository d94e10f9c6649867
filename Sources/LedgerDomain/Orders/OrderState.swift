/// The current state of one order: everything `decide` needs and the `orders` row is made of.
/// A fixed-layout value; `OrderService.evolve` is the only way it changes.
public struct OrderState: Hashable, Sendable {
    // Declared narrow fields first: the value is 72 bytes instead of 80 (a replay holds one per order).
    public var status: OrderStatus
    public var currency: Currency
    public var customer: CustomerNumber
    /// The number of events in the order's stream.
    public var version: UInt32
    public var lineCount: UInt32
    public var total: Int64
    public var paid: Int64
    public var refunded: Int64
    public var placedAt: Timestamp
    /// The `at` of the latest event.
    public var updatedAt: Timestamp
    public var itemCount: Int64

    // Inlinable: made per placed event by the specialised evolve in LedgerStore.
    @inlinable public init(
        status: OrderStatus, currency: Currency, customer: CustomerNumber, total: Int64, paid: Int64,
        refunded: Int64, version: UInt32, placedAt: Timestamp, updatedAt: Timestamp, lineCount: UInt32,
        itemCount: Int64
    ) {
        self.status = status
        self.currency = currency
        self.customer = customer
        self.total = total
        self.paid = paid
        self.refunded = refunded
        self.version = version
        self.placedAt = placedAt
        self.updatedAt = updatedAt
        self.lineCount = lineCount
        self.itemCount = itemCount
    }
}
