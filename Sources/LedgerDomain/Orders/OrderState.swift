/// The current state of one order: everything `decide` needs and the `orders` row is made of.
/// A fixed-layout value; `OrderService.evolve` is the only way it changes.
public struct OrderState: Hashable, Sendable {
    // Declared narrow fields first, and the item count in 32 bits: the value is 64 bytes, one
    // cache line (a replay and an import hold one per order).
    public var status: OrderStatus
    public var currency: Currency
    public var customer: CustomerNumber
    /// The number of events in the order's stream.
    public var version: UInt32
    public var lineCount: UInt32
    /// Σ qty over the lines: at most `LedgerLimits.linesPerOrder` × `LedgerLimits.quantity`, which
    /// 32 bits hold.
    @usableFromInline var items: UInt32
    public var total: Int64
    public var paid: Int64
    public var refunded: Int64
    public var placedAt: Timestamp
    /// The `at` of the latest event.
    public var updatedAt: Timestamp

    public var itemCount: Int64 {
        get { Int64(items) }
        set { items = UInt32(newValue) }
    }

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
        // Traps past 32 bits: an order's lines never add up to more (decoding checks first).
        self.items = UInt32(itemCount)
    }
}
