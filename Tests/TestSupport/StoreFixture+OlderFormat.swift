import LMDB

extension StoreFixture {
    /// Turns the store at `path` into one as format 3 wrote it, for tests of the upgrade steps:
    /// what format 6 added goes (each command id's check, the flag of the events accepted with
    /// one and their count in `meta`, a batch record's fields past format 5's 144 bytes, a
    /// checkpoint's check), and so does
    /// the hash chain that format 4 added (the log's bytes changed), and the stamp says 3.
    /// Format 7's provenance goes first (`turnIntoFormat6`).
    public static func turnIntoFormat3(at path: String) throws {
        try turnIntoFormat6(at: path)
        let environment = try Environment(directory: path)
        let names = ["meta", "log", "commands", "batches", "checkpoints", "chain"]
        let databases = Dictionary(uniqueKeysWithValues: try names.map { ($0, try environment.openDatabase(named: $0)) })
        func all(_ name: String, _ txn: Transaction) throws -> [(key: [UInt8], value: [UInt8])] {
            try txn.withCursor(databases[name]!) { cursor in cursor.entries().map { (Array($0.key), Array($0.value)) } }
        }
        try environment.write { txn in
            for (key, value) in try all("commands", txn) {
                try txn.put(databases["commands"]!, key, Array(value.dropLast(4)))
                if var event = try txn.get(databases["log"]!, key).map(Array.init) {
                    event[1] &= ~4
                    try txn.put(databases["log"]!, key, event)
                }
            }
            for (key, value) in try all("batches", txn) {
                try txn.put(databases["batches"]!, key, Array(value.prefix(136)) + [UInt8](repeating: 0, count: 8))
            }
            for (key, value) in try all("checkpoints", txn) {
                try txn.put(databases["checkpoints"]!, key, Array(value.prefix(8)))
            }
            try txn.clear(databases["chain"]!)
            _ = try txn.delete(databases["meta"]!, "command_ids")
            try txn.put(databases["meta"]!, "format", [3, 0, 0, 0])
        }
    }
}
