/// An event of an order placed before the range that met it, left in the memory map for the join
/// (`ReplayJoin`) to fold once the states before it are known.
// Safe: `start` points at `count` bytes of the log in the map of a replay transaction; every one of
// them stays open until the join ends, and the log's pages are never freed while the oldest of
// them (the caller's, opened first) is open.
struct DeferredEvent: @unchecked Sendable {
    let seq: UInt64
    let start: UnsafeRawPointer
    let count: Int32
    /// The order's number (the join splits the work by it).
    let order: UInt32

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: Int(count)) }
}
