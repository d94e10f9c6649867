internal import LMDB

extension Verifier {
    /// Every database's entries that a lookup from the root does not find where a walk in key
    /// order does: a damaged key on a branch page (`Transaction.unreachableKeys`). The databases
    /// `leaving` are left to a check that reads their pages for their entries too.
    static func checkRouting(_ ledger: LedgerTransaction, releasing region: MappedRegion?, leaving: Set<String>) throws
        -> [String]
    {
        var found: [String] = []
        for (name, database) in ledger.databases.named where !leaving.contains(name) {
            found += misrouted(try ledger.txn.unreachableKeys(in: database, named: name, region: region, limit: listed), in: name)
        }
        return found
    }

    /// The lines that name `keys`, which a lookup in the database `name` does not find.
    static func misrouted(_ keys: [[UInt8]], in name: String) -> [String] {
        keys.map { key in
            key.withUnsafeBytes { "\(name): a lookup of key \(describe($0)) does not find it (a damaged branch page)" }
        }
    }
}
