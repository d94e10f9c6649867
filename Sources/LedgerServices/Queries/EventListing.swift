/// The event log read as `orders events` reads it, for a reader that does not link the store
/// (the HTTP server).
public protocol EventListing: Sendable {
    /// The seq of the last committed event (0 for an empty log).
    func headSeq() throws -> UInt64

    /// From one consistent snapshot: the events with `from` ≤ seq ≤ `through`, in seq order, at
    /// most `limit`, only those of the order `order` when it is given; `nil` when there is no
    /// such order.
    func events(from: UInt64, through: UInt64, order: String?, limit: Int) throws -> [EventRow]?
}
