import LMDB

/// Reaches under the store's facade to set up states that only damage or a future version make.
enum StoreFixture {
    static func setFormatVersion(_ version: UInt32, at path: String) throws {
        let environment = try Environment(directory: path)
        let meta = try environment.openDatabase(named: "meta")
        try environment.write { txn in
            var value = version.littleEndian
            try withUnsafeBytes(of: &value) { try txn.put(meta, "format", $0) }
        }
    }
}

extension StoreFixture {
    /// Overwrites one stored row of a named database (to damage a read model on purpose).
    static func put(_ value: [UInt8], key: [UInt8], database name: String, at path: String) throws {
        let environment = try Environment(directory: path)
        let database = try environment.openDatabase(named: name)
        try environment.write { txn in try txn.put(database, key, value) }
    }

    /// Removes one stored row of a named database.
    static func delete(key: [UInt8], database name: String, at path: String) throws {
        let environment = try Environment(directory: path)
        let database = try environment.openDatabase(named: name)
        try environment.write { txn in _ = try txn.delete(database, key) }
    }
}
