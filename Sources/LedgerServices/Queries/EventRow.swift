public import LedgerDomain

/// One logged event with its ids spelled out: what `orders events` prints and `orders export`
/// turns back into a command. The one mapping from the log to fields, for every consumer (the
/// command line, a mirror); a field is `nil` where the event does not carry it.
public struct EventRow: Hashable, Sendable {
    public let seq: UInt64
    public let orderID: String
    public let version: UInt32
    public let kind: EventKind
    public let at: Timestamp
    /// `placed` only.
    public let customerID: String?
    /// `placed`: the order's currency; other events: the order's currency when the reader asked
    /// for it (tables show money in it), else `nil`.
    public let currency: Currency?
    /// `placed` only: Σ qty × unit_price.
    public let total: Int64?
    /// `placed` only, in the order given.
    public let lines: [LineItem]?
    /// `paid` and `refunded` only.
    public let amount: Int64?
    /// `cancelled` only (always, also 0).
    public let refund: Int64?
    /// `shipped` only, when the command gave one.
    public let carrier: String?
    /// `cancelled` only, when the command gave one.
    public let reason: String?
    /// The `command_id` of the command accepted as this event, when the reader asked for it.
    public let commandID: String?

    public init(
        seq: UInt64, orderID: String, version: UInt32, kind: EventKind, at: Timestamp, customerID: String? = nil,
        currency: Currency? = nil, total: Int64? = nil, lines: [LineItem]? = nil, amount: Int64? = nil,
        refund: Int64? = nil, carrier: String? = nil, reason: String? = nil, commandID: String? = nil
    ) {
        self.seq = seq
        self.orderID = orderID
        self.version = version
        self.kind = kind
        self.at = at
        self.customerID = customerID
        self.currency = currency
        self.total = total
        self.lines = lines
        self.amount = amount
        self.refund = refund
        self.carrier = carrier
        self.reason = reason
        self.commandID = commandID
    }
}
