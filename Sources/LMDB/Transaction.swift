internal import CLMDB
import FoundationEssentials
import Glibc

/// A read or write transaction, lent to the closure of `Environment.read` or `.write`.
///
/// Values returned by `get` and cursors point into the memory map: they are valid only until the
/// closure returns and must not escape it (copy what you keep).
public struct Transaction {
    let handle: OpaquePointer

    func openDatabase(_ name: String, flags: UInt32) throws(LMDBError) -> Database {
        var dbi = MDB_dbi()
        try LMDBError.check(mdb_dbi_open(handle, name, flags, &dbi), .openDatabase(name: name))
        return Database(handle: dbi)
    }

    /// The value stored under `key`, borrowed from the map, or `nil`.
    public func get(_ database: Database, _ key: some LMDBBytes) throws(LMDBError) -> UnsafeRawBufferPointer? {
        let outcome: Result<UnsafeRawBufferPointer?, LMDBError> = key.withLMDBBytes { keyBytes in
            var keyValue = MDB_val(bytes: keyBytes)
            var value = MDB_val()
            let code = mdb_get(handle, database.handle, &keyValue, &value)
            if code == MDB_NOTFOUND { return .success(nil) }
            if code != 0 { return .failure(LMDBError(code: code, operation: .get)) }
            return .success(value.buffer)
        }
        return try outcome.get()
    }

    /// Stores `value` under `key`. Throws `isKeyExists` with `.noOverwrite` when the key is taken.
    public func put(
        _ database: Database, _ key: some LMDBBytes, _ value: some LMDBBytes, flags: WriteFlags = []
    ) throws(LMDBError) {
        let code = key.withLMDBBytes { keyBytes in
            value.withLMDBBytes { valueBytes in
                var keyValue = MDB_val(bytes: keyBytes)
                var dataValue = MDB_val(bytes: valueBytes)
                return mdb_put(handle, database.handle, &keyValue, &dataValue, flags.rawValue)
            }
        }
        try LMDBError.check(code, .put)
    }

    /// Reserves `count` bytes under `key` and lets `fill` write them in place (no copy).
    public func put(
        _ database: Database, _ key: some LMDBBytes, reserving count: Int, flags: WriteFlags = [],
        fill: (UnsafeMutableRawBufferPointer) -> Void
    ) throws(LMDBError) {
        let outcome: Result<Void, LMDBError> = key.withLMDBBytes { keyBytes in
            var keyValue = MDB_val(bytes: keyBytes)
            var dataValue = MDB_val(mv_size: count, mv_data: nil)
            let code = mdb_put(handle, database.handle, &keyValue, &dataValue, flags.rawValue | UInt32(MDB_RESERVE))
            if code != 0 { return .failure(LMDBError(code: code, operation: .put)) }
            fill(UnsafeMutableRawBufferPointer(start: dataValue.mv_data, count: count))
            return .success(())
        }
        try outcome.get()
    }

    /// Deletes `key` (all its values in a `duplicateSort` database). Returns whether it existed.
    @discardableResult
    public func delete(_ database: Database, _ key: some LMDBBytes) throws(LMDBError) -> Bool {
        let code = key.withLMDBBytes { keyBytes in
            var keyValue = MDB_val(bytes: keyBytes)
            return mdb_del(handle, database.handle, &keyValue, nil)
        }
        if code == MDB_NOTFOUND { return false }
        try LMDBError.check(code, .delete)
        return true
    }

    /// Runs `body` in a transaction nested in this write transaction (which must not be used
    /// meanwhile): what `body` writes joins this transaction when it returns, and is dropped when
    /// it throws. A nested transaction keeps its own list of dirty pages, merged into its
    /// parent's in one pass when it commits (see `Rebuilder`).
    public func nested<R>(_ body: (Transaction) throws -> R) throws -> R {
        var child: OpaquePointer?
        try LMDBError.check(mdb_txn_begin(mdb_txn_env(handle), handle, 0, &child), .beginTransaction)
        guard let child else { throw LMDBError(code: ENOMEM, operation: .beginTransaction) }
        let result: R
        do {
            result = try body(Transaction(handle: child))
        } catch {
            mdb_txn_abort(child)
            throw error
        }
        try LMDBError.check(mdb_txn_commit(child), .commit)
        return result
    }

    /// Removes every entry of `database`, keeping the database itself.
    public func clear(_ database: Database) throws(LMDBError) {
        try LMDBError.check(mdb_drop(handle, database.handle, 0), .clear)
    }

    /// The commit this transaction sees: two read transactions with the same one see the same
    /// data (a write transaction's is the commit it will make).
    public var snapshot: Int { mdb_txn_id(handle) }

    /// The number of entries in `database`.
    public func count(_ database: Database) throws(LMDBError) -> Int {
        var stat = MDB_stat()
        try LMDBError.check(mdb_stat(handle, database.handle, &stat), .count)
        return stat.ms_entries
    }

    /// Runs `body` with a cursor over `database`; the cursor is closed when `body` returns.
    /// Throws the failure that ended a walk of the cursor's `entries`, if one did.
    public func withCursor<R>(_ database: Database, _ body: (Cursor) throws -> R) throws -> R {
        var opened: OpaquePointer?
        try LMDBError.check(mdb_cursor_open(handle, database.handle, &opened), .openCursor)
        guard let opened else { throw LMDBError(code: ENOMEM, operation: .openCursor) }
        defer { mdb_cursor_close(opened) }
        let cursor = Cursor(handle: opened)
        let result = try body(cursor)
        if let failure = cursor.failure { throw failure }
        return result
    }
}

// Safe: an MDB_val made from bytes lives only for the LMDB call it is passed to; a buffer made from one is borrowed from the map (see above).
extension MDB_val {
    init(bytes: UnsafeRawBufferPointer) {
        self.init(mv_size: bytes.count, mv_data: UnsafeMutableRawPointer(mutating: bytes.baseAddress))
    }

    var buffer: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: mv_data, count: mv_size)
    }
}
