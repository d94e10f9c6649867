/// How many orders are in each status (the `by_status` of `stats`).
public struct StatusCounts: Hashable, Sendable {
    /// The counts in `OrderStatus` raw value order.
    public var counts: [Int64] { storage }
    // Inlinable (and its storage usable from inlinable code): counted per event by the specialised fold.
    @usableFromInline var storage: [Int64] = Array(repeating: 0, count: OrderStatus.allCases.count)

    // Inlinable (and its storage usable from inlinable code): counted per event by the specialised fold.
    @inlinable public init() {}

    /// Adds the counts of another share of the orders.
    public mutating func merge(_ other: StatusCounts) {
        for index in storage.indices { storage[index] += other.storage[index] }
    }

    // Inlinable (and its storage usable from inlinable code): counted per event by the specialised fold.
    @inlinable public subscript(status: OrderStatus) -> Int64 {
        get { storage[Int(status.rawValue) - 1] }
        set { storage[Int(status.rawValue) - 1] = newValue }
    }
}
