/// An accepted command, as the log keeps it: ids interned to dense numbers, money in minor units.
public struct OrderEvent: OrderEventFacts, Hashable, Sendable {
    public let kind: EventKind
    public let order: OrderNumber
    /// The event's position in its order's stream: 1, 2, 3, …
    public let version: UInt32
    public let at: Timestamp
    /// `placed`: the order total; `paid` and `refunded`: the amount; `cancelled`: the refund; else 0.
    public let amount: Int64
    /// `placed` only (else 0).
    public let customer: CustomerNumber
    /// `placed` only (else packed 0).
    public let currency: Currency
    /// `placed` only (else empty).
    public let lines: [EventLine]
    /// `shipped`: the carrier; `cancelled`: the reason; present only when the command gave one.
    public let note: String?

    public init(
        kind: EventKind, order: OrderNumber, version: UInt32, at: Timestamp, amount: Int64 = 0,
        customer: CustomerNumber = CustomerNumber(0), currency: Currency = Currency(packed: 0),
        lines: [EventLine] = [], note: String? = nil
    ) {
        self.kind = kind
        self.order = order
        self.version = version
        self.at = at
        self.amount = amount
        self.customer = customer
        self.currency = currency
        self.lines = lines
        self.note = note
    }

    public var lineCount: Int { lines.count }

    public var itemCount: Int64 { lines.reduce(0) { $0 + Int64($1.quantity) } }
}
