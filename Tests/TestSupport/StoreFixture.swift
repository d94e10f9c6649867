import LMDB

/// Damages a store on purpose, below the store's own API, for tests of what damage looks like.
public enum StoreFixture {
    /// Overwrites (or adds) one entry of a named database.
    public static func put(_ value: [UInt8], key: [UInt8], database name: String, at path: String) throws {
        let environment = try Environment(directory: path)
        let database = try environment.openDatabase(named: name)
        try environment.write { txn in try txn.put(database, key, value) }
    }

    /// Removes one entry of a named database.
    public static func delete(key: [UInt8], database name: String, at path: String) throws {
        let environment = try Environment(directory: path)
        let database = try environment.openDatabase(named: name)
        try environment.write { txn in _ = try txn.delete(database, key) }
    }
}
