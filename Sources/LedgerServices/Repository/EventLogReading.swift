/// Reads the event log in seq order, with the ids behind its dense numbers: what a copy of the
/// ledger elsewhere (the PostgreSQL mirror) is made from.
public protocol EventLogReading: Sendable {
    /// From one consistent snapshot: up to `limit` events after `seq`, and the ids numbered from
    /// `names` on (ids are numbered densely in the order the log first names them).
    func page(after seq: UInt64, limit: Int, names: EventLogPage.NameCounts) throws -> EventLogPage
}
