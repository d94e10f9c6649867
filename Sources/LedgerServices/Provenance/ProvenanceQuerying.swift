/// The provenance queries of SPEC §11, for a reader that does not link the store: `orders
/// batches`, `blame` and `diff`, and the server's routes of the same names.
public protocol ProvenanceQuerying: Sendable {
    /// Every batch the store holds, in the order they were first committed.
    func batches() throws -> [BatchRow]

    /// The events of order `id` (those of `moment` when given), each with the record that made
    /// it; `nil` when there is no such order.
    func blame(_ id: String, asOf moment: AsOf?) throws -> [BlameEntry]?

    /// What changed between `from` and `to` (the log's head when `nil`), handed to `body` as the
    /// change without its orders (`orders` empty) and the orders touched, read one by one while
    /// `body` runs; throws `DiffRangeError` for a range that cannot be answered. `shouldStop` is
    /// asked now and then (every few thousand events, never for each); `true` ends the work with
    /// `ReplayInterrupted`.
    func diff<R>(
        from: AsOf, to: AsOf?, shouldStop: @escaping @Sendable () -> Bool,
        reading body: (LedgerChange, any ChangedOrders) throws -> R
    ) throws -> R
}

extension ProvenanceQuerying {
    /// What changed between `from` and `to`, however long it takes, read as `body` goes.
    public func diff<R>(from: AsOf, to: AsOf?, reading body: (LedgerChange, any ChangedOrders) throws -> R) throws -> R {
        try diff(from: from, to: to, shouldStop: { false }, reading: body)
    }

    /// What changed between `from` and `to`, however long it takes, the orders touched held in
    /// the answer.
    public func diff(from: AsOf, to: AsOf?) throws -> LedgerChange {
        try diff(from: from, to: to, shouldStop: { false })
    }

    /// What changed between `from` and `to` (the log's head when `nil`), the orders touched held
    /// in the answer; throws `DiffRangeError` for a range that cannot be answered, and
    /// `ReplayInterrupted` once `shouldStop` says so.
    public func diff(from: AsOf, to: AsOf?, shouldStop: @escaping @Sendable () -> Bool) throws -> LedgerChange {
        try diff(from: from, to: to, shouldStop: shouldStop) { change, touched in
            var orders: [OrderChange] = []
            orders.reserveCapacity(touched.count)
            try touched.walk { order, id in
                orders.append(OrderChange(orderID: String(decoding: id, as: UTF8.self), order))
            }
            return LedgerChange(
                from: change.from, to: change.to, events: change.events, byType: change.byType, money: change.money,
                orders: orders)
        }
    }
}
