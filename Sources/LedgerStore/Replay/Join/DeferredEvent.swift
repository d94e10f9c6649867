internal import CPrefetch
internal import LedgerDomain

/// An event of an order placed before the range that met it, kept for the join (`ReplayJoin`) to
/// fold once the states before it are known. It is never a `placed` event. It keeps its seq and
/// kind and where its bytes lie in the map (16 bytes); the join reads its other facts there, in
/// log order, prefetched ahead (`prefetch()`). Copying every fact (48 bytes) cost more: a log
/// whose lifecycles are spread defers most of its events, and the pages of a fresh array cost
/// more to fault in than the map's pages cost to map again.
// Safe: `header` points at an event checked when the scan folded it, in the map of a replay
// transaction that stays open until the join ends; a rebuild or verify may drop the map's pages
// meanwhile, and reading them again maps them back.
struct DeferredEvent: OrderEventFacts {
    /// The seq (low 56 bits) and the kind (high 8 bits).
    private let seqAndKind: UInt64
    private let header: UnsafeRawPointer

    /// The bits of `seqAndKind` that hold the seq: a replay's seqs lie below 2^48 (`ReplayCore`
    /// refuses a log whose last seq does not, unless it holds that many events).
    private static let seqBits: UInt64 = 1 << 56 - 1

    /// Keeps where `event` lies, at `seq` (not a `placed` event).
    init(_ event: EncodedEvent, seq: UInt64) {
        seqAndKind = UInt64(event.kind.rawValue) << 56 | seq & Self.seqBits
        header = event.start
    }

    var seq: UInt64 { seqAndKind & Self.seqBits }
    // The high bits hold a kind's raw value.
    var kind: EventKind { EventKind(rawValue: UInt8(truncatingIfNeeded: seqAndKind >> 56)).unsafelyUnwrapped }
    var order: OrderNumber { OrderNumber(EventLayout.load(header, EventLayout.order)) }
    var version: UInt32 { EventLayout.load(header, EventLayout.version) }
    var at: Timestamp { Timestamp(milliseconds: EventLayout.load(header, EventLayout.at)) }
    var amount: Int64 { EventLayout.load(header, EventLayout.amount) }
    /// The seq of the order's previous event, as the event says.
    var previousSeq: UInt64 { EventLayout.load(header, EventLayout.previousSeq) }

    // What only a `placed` event carries.
    var customer: CustomerNumber { CustomerNumber(0) }
    var currency: Currency { Currency(packed: 0) }
    var lines: EmptyCollection<EventLine> { EmptyCollection() }
    var lineCount: Int { 0 }
    var itemCount: Int64 { 0 }

    /// Starts bringing the event's header into the cache (it may lie over two cache lines).
    // Safe: a prefetch only hints the cache, whatever the address.
    func prefetch() {
        cprefetch_for_read(header)
        cprefetch_for_read(header + EventLayout.headerSize - 1)
    }
}
