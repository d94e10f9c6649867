public import LedgerDomain

/// One event of an order's history, as `orders show` prints it (SPEC §6).
public struct HistoryEntry: Hashable, Sendable {
    public let seq: UInt64
    public let version: UInt32
    public let kind: EventKind
    public let at: Timestamp
    /// `paid` and `refunded` only.
    public let amount: Int64?
    /// `cancelled` only (always, even 0).
    public let refund: Int64?
    public let carrier: String?
    public let reason: String?

    /// The entry for `event`, with the fields its kind has.
    public init(seq: UInt64, event: OrderEvent) {
        self.seq = seq
        version = event.version
        kind = event.kind
        at = event.at
        amount = event.kind == .paid || event.kind == .refunded ? event.amount : nil
        refund = event.kind == .cancelled ? event.amount : nil
        carrier = event.kind == .shipped ? event.note : nil
        reason = event.kind == .cancelled ? event.note : nil
    }
}
