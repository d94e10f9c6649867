internal import LMDB

/// Appends entries to one database of a write transaction through one cursor
/// (`LedgerTransaction.appending`): each append after the first goes to the last page directly,
/// where a put searches the tree from its root, and each page of the path in the transaction's
/// list of dirty pages, every time (`mdb_mid2l_search` showed up among an import's writing costs).
struct TableAppender {
    let cursor: Cursor

    /// Appends `value` under `key`, greater than every key of the database.
    func append(_ key: some LMDBBytes, _ value: UnsafeRawBufferPointer) throws {
        try append(key, reserving: value.count) { $0.copyMemory(from: value) }
    }

    /// Appends `count` bytes under `key`, greater than every key of the database, written in place by `fill`.
    func append(_ key: some LMDBBytes, reserving count: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) throws {
        try cursor.append(key, reserving: count, fill: fill)
    }
}
