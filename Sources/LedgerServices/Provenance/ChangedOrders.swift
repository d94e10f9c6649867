/// The orders that the events of a range touched, read one at a time from the snapshot that
/// answered `ProvenanceQuerying.diff(from:to:reading:)`, while its `body` runs: a range can touch
/// every order of the store, and none of them is held as a value of its own.
public protocol ChangedOrders {
    /// How many orders the range touched.
    var count: Int { get }

    /// Calls `body` with each order touched, sorted by order id in byte order, and the bytes of
    /// its id (UTF-8), which are valid only during that call. Can be called more than once.
    func walk(_ body: (TouchedOrder, UnsafeRawBufferPointer) throws -> Void) throws
}
