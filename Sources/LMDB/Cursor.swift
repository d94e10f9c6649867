internal import CLMDB

/// A position in a database, lent to the closure of `Transaction.withCursor`.
/// Keys and values it returns are borrowed from the map: valid until the transaction ends.
public struct Cursor {
    /// One borrowed entry.
    public typealias Entry = (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)

    let handle: OpaquePointer

    /// The first entry, or `nil` when the database is empty.
    public mutating func first() throws(LMDBError) -> Entry? { try move(MDB_FIRST) }
    /// The last entry, or `nil` when the database is empty.
    public mutating func last() throws(LMDBError) -> Entry? { try move(MDB_LAST) }
    /// The entry before the current one, or `nil` at the start.
    public mutating func previous() throws(LMDBError) -> Entry? { try move(MDB_PREV) }
    /// The entry after the current one, or `nil` at the end.
    public mutating func next() throws(LMDBError) -> Entry? { try move(MDB_NEXT) }

    /// The first entry whose key is greater than or equal to `key`.
    public mutating func seek(atLeast key: some LMDBBytes) throws(LMDBError) -> Entry? {
        let outcome: Result<Entry?, LMDBError> = key.withLMDBBytes { keyBytes in
            var keyValue = MDB_val(bytes: keyBytes)
            var value = MDB_val()
            let code = mdb_cursor_get(handle, &keyValue, &value, MDB_SET_RANGE)
            if code == MDB_NOTFOUND { return .success(nil) }
            if code != 0 { return .failure(LMDBError(code: code, operation: "mdb_cursor_get")) }
            return .success((keyValue.buffer, value.buffer))
        }
        return try outcome.get()
    }

    private mutating func move(_ operation: MDB_cursor_op) throws(LMDBError) -> Entry? {
        var key = MDB_val()
        var value = MDB_val()
        let code = mdb_cursor_get(handle, &key, &value, operation)
        if code == MDB_NOTFOUND { return nil }
        try LMDBError.check(code, "mdb_cursor_get")
        return (key.buffer, value.buffer)
    }
}
