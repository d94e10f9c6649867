public import LedgerDomain

/// An event as read back from the log, with its global sequence number.
public struct LoggedEvent: Hashable, Sendable {
    public let seq: UInt64
    public let event: OrderEvent

    public init(seq: UInt64, event: OrderEvent) {
        self.seq = seq
        self.event = event
    }
}
