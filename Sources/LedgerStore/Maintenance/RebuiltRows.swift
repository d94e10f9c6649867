internal import LMDB

/// One read model's table as a rebuild makes it hold: the rows `0..<count`, in ascending `key`
/// order, each value `size` bytes long and written in place by `encode`. Read only, by the thread
/// that rewrites the table and by the one that compares it with the store meanwhile.
// Safe: every property is immutable, and the key path names a database without holding state.
struct RebuiltRows<Key: LMDBBytes>: @unchecked Sendable {
    let table: LedgerTransaction.Table
    let count: Int
    let key: @Sendable (Int) -> Key
    let size: @Sendable (Int) -> Int
    let encode: @Sendable (Int, UnsafeMutableRawBufferPointer) -> Void

    /// Whether `ledger`'s table holds exactly these rows: each key with its value, and no other
    /// key (a rewrite would change nothing). Drops the pages of `region` as they add up.
    func areStored(in ledger: LedgerTransaction, releasing region: MappedRegion?) throws -> Bool {
        var scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 8)
        defer { scratch.deallocate() }
        return try ledger.withCursor(table) { cursor in
            var stored = try cursor.first()
            for index in 0..<count {
                guard let entry = stored else { return false }
                if index & (ReplayCore.releaseInterval - 1) == 0 { region?.releasePages(ifMappedOver: ReplayCore.mappedBudget) }
                let length = size(index)
                if scratch.count < length {
                    scratch.deallocate()
                    scratch = .allocate(byteCount: max(length, 2 * scratch.count), alignment: 8)
                }
                let value = UnsafeMutableRawBufferPointer(rebasing: scratch[..<length])
                encode(index, value)
                guard key(index).withLMDBBytes({ entry.key.hasSameBytes(as: $0) }),
                    entry.value.hasSameBytes(as: UnsafeRawBufferPointer(value))
                else { return false }
                stored = try cursor.next()
            }
            return stored == nil
        }
    }
}
