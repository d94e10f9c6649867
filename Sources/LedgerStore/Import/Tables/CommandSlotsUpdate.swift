internal import LMDB

/// How an import brings the command index the store keeps (`StoredCommandSlots`) up to the log's
/// head once its last chunk is committed, in a commit of its own (an atomic import in its one
/// transaction): with the import's table in memory, which holds every command id of the store
/// (`replace`), or by adding the commands after the stored table's seq to it (`extend`, an import
/// that looked ids up in it). Until that commit the stored table stays as it was, behind the log.
// Safe: handed from the importer to the writing thread with an atomic import's chunk, and used by
// that thread alone from then on; otherwise used by the importer's thread alone.
final class CommandSlotsUpdate: @unchecked Sendable {
    enum Kind {
        /// The import's slots, placed by `seed`, holding `count` command ids.
        case replace(slots: [UInt64], seed: UInt64, count: Int)
        /// The same, the slots moved to a file while the last chunk writes the read models back.
        case replaceSpilled(slots: SpilledSlots, seed: UInt64, count: Int)
        case extend
    }

    private var kind: Kind?

    init(_ kind: Kind) { self.kind = kind }

    /// Moves the slots of a `replace` out of memory into a file in `directory` (where it fails,
    /// they stay in memory).
    func spill(in directory: String) {
        guard case .replace(let slots, let seed, let count) = kind, let spilled = SpilledSlots(slots, in: directory) else {
            return
        }
        kind = .replaceSpilled(slots: spilled, seed: seed, count: count)
    }

    /// Brings the stored table up to `head`, the log's head, once `commands` holds every command
    /// up to it; drops the table when it cannot (the import's table does not hold exactly the
    /// stored ids, or the stored one is damaged or full). `false` when the spilled slots could not
    /// be read back: nothing is kept of what it wrote (the caller aborts the transaction) and the
    /// stored table stays behind the log. It may run again in a transaction that retries.
    func apply(to ledger: LedgerTransaction, head: UInt64) throws -> Bool {
        switch kind {
        case nil:
            return true
        case .replace(let slots, let seed, let count):
            guard count == (try ledger.count(\.commands)) else {
                try StoredCommandSlots.drop(in: ledger)
                return true
            }
            try StoredCommandSlots.write(slots, seed: seed, count: count, validAt: head, to: ledger)
            return true
        case .replaceSpilled(let slots, let seed, let count):
            guard count == (try ledger.count(\.commands)) else {
                try StoredCommandSlots.drop(in: ledger)
                return true
            }
            return try StoredCommandSlots.write(
                slotCount: slots.count, seed: seed, count: count, validAt: head, to: ledger, fill: slots.read)
        case .extend:
            if !(try StoredCommandSlots.extend(in: ledger, to: head)) { try StoredCommandSlots.drop(in: ledger) }
            return true
        }
    }

    /// Lets the slots go (the update is committed, or given up).
    func release() { kind = nil }
}
