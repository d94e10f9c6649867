import LMDB

extension StoreFixture {
    /// Turns the store at `path` into one as format 6 wrote it, for tests of the upgrade to
    /// provenance: `provenance` and `batch_files` are emptied (format 6 had neither; a named
    /// database cannot be dropped from LMDB's main database here, and an empty one is what an
    /// upgrade finds when it creates them) and the stamp says 6.
    public static func turnIntoFormat6(at path: String) throws {
        let environment = try Environment(directory: path)
        let meta = try environment.openDatabase(named: "meta")
        let emptied = try ["provenance", "batch_files", "command_slots"].map { try environment.openDatabase(named: $0) }
        try environment.write { txn in
            for database in emptied { try txn.clear(database) }
            try txn.put(meta, "format", [6, 0, 0, 0])
        }
    }
}
