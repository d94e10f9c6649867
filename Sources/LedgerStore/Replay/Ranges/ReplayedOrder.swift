internal import CPrefetch
public import LedgerDomain

/// What a replay keeps of one order, side by side so that the fold reaches all of it through one
/// page (one TLB miss, where three arrays cost three): its state, the seq of its latest event,
/// and where its `placed` event lies in the map.
// Safe: `placedEvent` points into the map of a replay transaction and is read only by the replay
// that set it, while that transaction is open (see `DeferredEvent`); nothing reads it afterwards.
public struct ReplayedOrder: @unchecked Sendable {
    public var state: OrderState
    /// The seq of the order's latest event (0: not placed yet, as of the replay's moment).
    public var lastSeq: UInt64
    /// The order's `placed` event in the map (a `cancelled` needs its lines).
    let placedEvent: UnsafeRawPointer

    /// Starts bringing the entry at `entry` into the cache ahead of a write: every cache line it
    /// lies over (80 bytes lie over two or three; the first, middle and last byte are in each).
    // Safe: a prefetch only hints the cache, whatever the address.
    static func prefetch(_ entry: UnsafePointer<ReplayedOrder>) {
        let start = UnsafeRawPointer(entry)
        let size = MemoryLayout<ReplayedOrder>.size
        cprefetch_for_write(start)
        cprefetch_for_write(start + size / 2)
        cprefetch_for_write(start + size - 1)
    }
}
