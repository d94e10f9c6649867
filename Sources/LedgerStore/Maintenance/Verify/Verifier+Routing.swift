internal import LMDB
internal import LedgerServices

extension Verifier {
    /// Every database's entries that a lookup from the root does not find where a walk in key
    /// order does: a damaged key on a branch page (`Transaction.unreachableKeys`). The databases
    /// `leaving` are left to the checks that walk them (`walkCheckingRoutes`); of those in `known`
    /// (the log, whose leaves the replay's scans read, and the chain), the leaves whose first and
    /// last keys a walk kept are not read again: only their branch pages are.
    static func checkRouting(
        _ ledger: LedgerTransaction, releasing region: MappedRegion?, leaving: Set<String>, knowing known: [String: LeafEdges]
    ) throws -> [String] {
        var found: [String] = []
        for (name, database) in ledger.databases.named where !leaving.contains(name) {
            let keys = try ledger.txn.unreachableKeys(
                in: database, named: name, region: region, limit: listed, knowing: known[name] ?? LeafEdges())
            found += misrouted(keys, in: name)
        }
        return found
    }

    /// The databases whose branch keys a check checks as it walks them (`walkCheckingRoutes`):
    /// the read models, the customer index, the id dictionaries, `commands` (from format 6) and
    /// `provenance`.
    static func walkedByChecks(_ ledger: LedgerTransaction) -> Set<String> {
        let databases = ledger.databases
        var walked: [Database] = [
            databases.orders, databases.customerOrders, databases.customers, databases.skus, databases.orderNames,
            databases.orderIDs, databases.customerNames, databases.customerIDs, databases.skuNames, databases.skuIDs,
        ]
        if databases.checked { walked.append(databases.commands) }
        if let provenance = databases.provenance { walked.append(provenance.provenance) }
        return Set(walked.compactMap { databases.name(of: $0) })
    }

    /// Gives every entry of `table` to `visit` once, in key order, its pages read in the map for
    /// its entries and its branch keys at once (`Transaction.walkCheckingRoutes`); returns the
    /// lines that name the keys a lookup does not find.
    static func walkCheckingRoutes(
        _ table: LedgerTransaction.Table, _ ledger: LedgerTransaction, releasing region: MappedRegion?,
        _ visit: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Void
    ) throws -> [String] {
        try walkCheckingRoutes(ledger.databases[keyPath: table], ledger, releasing: region, visit)
    }

    /// `walkCheckingRoutes` of a database of the store that is not a `Table` (one a format added).
    static func walkCheckingRoutes(
        _ database: Database, _ ledger: LedgerTransaction, releasing region: MappedRegion?,
        _ visit: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Void
    ) throws -> [String] {
        let name = ledger.databases.name(of: database) ?? "?"
        return misrouted(
            try ledger.txn.walkCheckingRoutes(database, named: name, region: region, limit: listed, visit), in: name)
    }

    /// The lines that name `keys`, which a lookup in the database `name` does not find.
    static func misrouted(_ keys: [[UInt8]], in name: String) -> [String] {
        keys.map { key in
            key.withUnsafeBytes {
                "\(name): a lookup of key \(describe($0)) does not find it \(VerifyReport.damagedBranchPage)"
            }
        }
    }
}
