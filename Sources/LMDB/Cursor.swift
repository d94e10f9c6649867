internal import CLMDB

/// A position in a database, lent to the closure of `Transaction.withCursor`.
/// Keys and values it returns are borrowed from the map: valid until the transaction ends.
///
/// `entries(from:)` walks it as a `Sequence`. A sequence cannot throw, so a failure to move
/// ends the walk early and is kept: `withCursor` throws it when its closure returns.
public final class Cursor {
    /// One borrowed entry.
    public typealias Entry = (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)

    let handle: OpaquePointer
    /// The first failure met while walking `entries`, thrown by `withCursor`.
    var failure: LMDBError?

    init(handle: OpaquePointer) { self.handle = handle }

    /// The first entry, or `nil` when the database is empty.
    public func first() throws(LMDBError) -> Entry? { try move(MDB_FIRST) }
    /// The last entry, or `nil` when the database is empty.
    public func last() throws(LMDBError) -> Entry? { try move(MDB_LAST) }
    /// The entry before the current one, or `nil` at the start.
    public func previous() throws(LMDBError) -> Entry? { try move(MDB_PREV) }
    /// The entry after the current one, or `nil` at the end.
    public func next() throws(LMDBError) -> Entry? { try move(MDB_NEXT) }

    /// The first entry whose key is greater than or equal to `key`.
    public func seek(atLeast key: some LMDBBytes) throws(LMDBError) -> Entry? {
        let outcome: Result<Entry?, LMDBError> = key.withLMDBBytes { keyBytes in
            var keyValue = MDB_val(bytes: keyBytes)
            var value = MDB_val()
            let code = mdb_cursor_get(handle, &keyValue, &value, MDB_SET_RANGE)
            if code == MDB_NOTFOUND { return .success(nil) }
            if code != 0 { return .failure(LMDBError(code: code, operation: .moveCursor)) }
            return .success((keyValue.buffer, value.buffer))
        }
        return try outcome.get()
    }

    /// Every entry in key order, from the first one.
    public func entries() -> Entries { Entries(cursor: self) { cursor throws(LMDBError) in try cursor.first() } }

    /// The entries in key order, from the first whose key is greater than or equal to `key`.
    public func entries(from key: some LMDBBytes) -> Entries {
        Entries(cursor: self) { cursor throws(LMDBError) in try cursor.seek(atLeast: key) }
    }

    /// Every entry in reverse key order, from the last one.
    public func entriesBackward() -> Entries {
        Entries(
            cursor: self, start: { cursor throws(LMDBError) in try cursor.last() },
            step: { cursor throws(LMDBError) in try cursor.previous() })
    }

    /// The entries of a cursor as a sequence (see `Cursor`: a failure ends it and is kept).
    public struct Entries: Sequence, IteratorProtocol {
        private let cursor: Cursor
        private var start: ((Cursor) throws(LMDBError) -> Entry?)?
        private let step: (Cursor) throws(LMDBError) -> Entry?

        init(
            cursor: Cursor, start: @escaping (Cursor) throws(LMDBError) -> Entry?,
            step: @escaping (Cursor) throws(LMDBError) -> Entry? = { cursor throws(LMDBError) in try cursor.next() }
        ) {
            self.cursor = cursor
            self.start = start
            self.step = step
        }

        public mutating func next() -> Entry? {
            do {
                if let first = start {
                    start = nil
                    return try first(cursor)
                }
                return try step(cursor)
            } catch {
                if cursor.failure == nil { cursor.failure = error }
                return nil
            }
        }
    }

    /// Appends `count` bytes under `key`, which must be greater than every key of the database,
    /// written in place by `fill` (`MDB_APPEND`, `MDB_RESERVE`). Through one cursor, each append
    /// after the first goes straight to the last page, where `put` would search the tree from its
    /// root (and every page's place in the transaction's dirty list) each time.
    public func append(
        _ key: some LMDBBytes, reserving count: Int, fill: (UnsafeMutableRawBufferPointer) -> Void
    ) throws(LMDBError) {
        let outcome: Result<Void, LMDBError> = key.withLMDBBytes { keyBytes in
            var keyValue = MDB_val(bytes: keyBytes)
            var dataValue = MDB_val(mv_size: count, mv_data: nil)
            let code = mdb_cursor_put(handle, &keyValue, &dataValue, UInt32(MDB_APPEND) | UInt32(MDB_RESERVE))
            if code != 0 { return .failure(LMDBError(code: code, operation: .put)) }
            if count > 0 { fill(UnsafeMutableRawBufferPointer(start: dataValue.mv_data, count: count)) }
            return .success(())
        }
        try outcome.get()
    }

    /// Stores `value` under `key` through the cursor, which is left on that entry. With
    /// `.current`, replaces the value of the entry the cursor is on (whose key must be `key`).
    public func put(_ key: some LMDBBytes, _ value: UnsafeRawBufferPointer, flags: WriteFlags = []) throws(LMDBError) {
        let code = key.withLMDBBytes { keyBytes in
            var keyValue = MDB_val(bytes: keyBytes)
            var dataValue = MDB_val(bytes: value)
            return mdb_cursor_put(handle, &keyValue, &dataValue, flags.rawValue)
        }
        try LMDBError.check(code, .put)
    }

    /// Deletes the entry the cursor is on.
    public func deleteCurrent() throws(LMDBError) {
        try LMDBError.check(mdb_cursor_del(handle, 0), .delete)
    }

    private func move(_ operation: MDB_cursor_op) throws(LMDBError) -> Entry? {
        var key = MDB_val()
        var value = MDB_val()
        let code = mdb_cursor_get(handle, &key, &value, operation)
        if code == MDB_NOTFOUND { return nil }
        try LMDBError.check(code, .moveCursor)
        return (key.buffer, value.buffer)
    }
}
