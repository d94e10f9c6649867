/// The provenance queries of SPEC §11, for a reader that does not link the store: `orders
/// batches`, `blame` and `diff`, and the server's routes of the same names.
public protocol ProvenanceQuerying: Sendable {
    /// Every batch the store holds, in the order they were first committed.
    func batches() throws -> [BatchRow]

    /// The events of order `id` (those of `moment` when given), each with the record that made
    /// it; `nil` when there is no such order.
    func blame(_ id: String, asOf moment: AsOf?) throws -> [BlameEntry]?

    /// What changed between `from` and `to` (the log's head when `nil`); throws
    /// `DiffRangeError` for a range that cannot be answered. `shouldStop` is asked now and then
    /// (every few thousand events, never for each); `true` ends the work with `ReplayInterrupted`.
    func diff(from: AsOf, to: AsOf?, shouldStop: @escaping @Sendable () -> Bool) throws -> LedgerChange
}

extension ProvenanceQuerying {
    /// What changed between `from` and `to`, however long it takes.
    public func diff(from: AsOf, to: AsOf?) throws -> LedgerChange {
        try diff(from: from, to: to, shouldStop: { false })
    }
}
