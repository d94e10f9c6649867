internal import LedgerDomain

/// An event of an order placed before the range that met it, kept for the join (`ReplayJoin`) to
/// fold once the states before it are known. It is never a `placed` event, so it carries every
/// fact such an event folds with, copied from the log when the scan read it: the join reads these
/// in sequence instead of the event's bytes all over the map (a cache miss each, and a fault
/// wherever a rebuild or verify has released the map's pages since).
struct DeferredEvent: OrderEventFacts {
    let seq: UInt64
    let at: Timestamp
    let amount: Int64
    /// The seq of the order's previous event, as the event says.
    let previousSeq: UInt64
    let order: OrderNumber
    let version: UInt32
    let kind: EventKind

    /// Keeps the facts of `event`, at `seq` (not a `placed` event).
    init(_ event: EncodedEvent, seq: UInt64) {
        self.seq = seq
        at = event.at
        amount = event.amount
        previousSeq = event.previousSeq
        order = event.order
        version = event.version
        kind = event.kind
    }

    // What only a `placed` event carries.
    var customer: CustomerNumber { CustomerNumber(0) }
    var currency: Currency { Currency(packed: 0) }
    var lines: EmptyCollection<EventLine> { EmptyCollection() }
    var lineCount: Int { 0 }
    var itemCount: Int64 { 0 }
}
