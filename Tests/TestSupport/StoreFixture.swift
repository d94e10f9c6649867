import Foundation
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

    /// Removes every entry of a named database.
    public static func clear(database name: String, at path: String) throws {
        let environment = try Environment(directory: path)
        let database = try environment.openDatabase(named: name)
        try environment.write { txn in try txn.clear(database) }
    }

    /// Makes an LMDB environment in `path` as another program might: the named databases
    /// `databases`, each holding one entry, and plain entries of the main database.
    public static func foreignEnvironment(
        at path: String, databases: [String], mainEntries: [(key: String, value: String)] = []
    ) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let environment = try Environment(directory: path)
        let opened = try databases.map { try environment.openDatabase(named: $0) }
        let main = try environment.openMainDatabase()
        try environment.write { txn in
            for database in opened { try txn.put(database, "key", "value") }
            for entry in mainEntries { try txn.put(main, entry.key, entry.value) }
        }
    }

    /// The databases of the read models and their checkpoints.
    public static let readModelDatabases = ["orders", "customer_orders", "customers", "skus", "revenue", "stats", "checkpoints"]

    /// Replaces every entry of the read model databases (`readModelDatabases`) of the store at
    /// `path` with those of the store at `source`, in one write transaction: a store whose log
    /// went on past `source`'s (the same imports and more) gets read models that lag behind it.
    public static func copyReadModels(from source: String, to path: String) throws {
        let copied = try readModelDatabases.map { try entries(database: $0, at: source) }
        let environment = try Environment(directory: path)
        let databases = try readModelDatabases.map { try environment.openDatabase(named: $0) }
        try environment.write { txn in
            for (database, entries) in zip(databases, copied) {
                try txn.clear(database)
                for entry in entries { try txn.put(database, entry.key, entry.value) }
            }
        }
    }

    /// Every entry of a named database, in key order.
    public static func entries(database name: String, at path: String) throws -> [(key: [UInt8], value: [UInt8])] {
        let environment = try Environment(directory: path)
        let database = try environment.openDatabase(named: name)
        return try environment.read { txn in
            try txn.withCursor(database) { cursor in cursor.entries().map { (Array($0.key), Array($0.value)) } }
        }
    }
}
