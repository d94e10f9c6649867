public import LedgerDomain

/// An order as an event log keeps it: its dense number, its state, and the seq of its latest
/// event (the head of the back-pointer chain through its stream).
public struct StoredOrder: Hashable, Sendable {
    public let number: OrderNumber
    public var state: OrderState
    public var lastSeq: UInt64

    public init(number: OrderNumber, state: OrderState, lastSeq: UInt64) {
        self.number = number
        self.state = state
        self.lastSeq = lastSeq
    }
}
