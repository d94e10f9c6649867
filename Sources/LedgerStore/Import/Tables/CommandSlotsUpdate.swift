internal import LMDB

/// How the import's last chunk brings the command index the store keeps (`StoredCommandSlots`) up
/// to the log's head, in the transaction that commits it: with the import's table in memory,
/// which holds every command id of the store (`replace`), or by adding the commands after the
/// stored table's seq to it (`extend`, an import that looked ids up in it).
// Safe: handed from the importer to the writing thread with the last chunk, and used by that
// thread alone from then on.
final class CommandSlotsUpdate: @unchecked Sendable {
    enum Kind {
        /// The import's slots, placed by `seed`, holding `count` command ids.
        case replace(slots: [UInt64], seed: UInt64, count: Int)
        case extend
    }

    private var kind: Kind?

    init(_ kind: Kind) { self.kind = kind }

    /// Brings the stored table up to `head`, the seq of the chunk's last event, once `commands`
    /// holds the chunk's command ids; drops the table when it cannot (the import's table does not
    /// hold exactly the stored ids, or the stored one is damaged or full). The slots in memory are
    /// let go once written.
    func apply(to ledger: LedgerTransaction, head: UInt64) throws {
        guard let kind else { return }
        self.kind = nil
        switch kind {
        case .replace(let slots, let seed, let count):
            guard count == (try ledger.count(\.commands)) else { return try StoredCommandSlots.drop(in: ledger) }
            try StoredCommandSlots.write(slots, seed: seed, count: count, validAt: head, to: ledger)
        case .extend:
            if !(try StoredCommandSlots.extend(in: ledger, to: head)) { try StoredCommandSlots.drop(in: ledger) }
        }
    }
}
