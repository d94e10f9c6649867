import FoundationEssentials
import Glibc
internal import LMDB
internal import LedgerDomain
public import LedgerServices

/// Recomputes read models from the log (SPEC §7).
///
/// It replays the log and rewrites the chosen read models inside one write transaction, walking
/// each database beside the replayed rows in key order and writing only the rows that differ
/// (`rewrite`): LMDB copies the pages written, so every reader keeps seeing the old read models;
/// the commit switches to the new ones atomically, and an interrupted rebuild leaves the old ones
/// in place.
/// Holding the writer lock keeps the log still meanwhile (imports wait for it).
public struct Rebuilder {
    private let store: LedgerStore
    private let core: ReplayCore
    /// How many rows each nested transaction of `refill` appends.
    private let rowsPerNestedTransaction: Int
    /// Whether `rebuild` makes room in the map before its transaction.
    private let makingRoom: Bool

    public init(store: LedgerStore) {
        self.init(store: store, rowsPerNestedTransaction: 1 << 16)
    }

    /// `rowsPerNestedTransaction`: 65,536 (about 1,400 pages of orders) but in tests. `makingRoom`:
    /// `true` but in a test of a map that fills up during the writes. `eventsPerEpoch`: the
    /// replay's (`ReplayCore`), fewer in tests.
    init(
        store: LedgerStore, rowsPerNestedTransaction: Int, makingRoom: Bool = true,
        eventsPerEpoch: Int = ReplayCore.defaultEventsPerEpoch
    ) {
        self.store = store
        core = ReplayCore(store: store, eventsPerEpoch: eventsPerEpoch)
        self.rowsPerNestedTransaction = max(1, rowsPerNestedTransaction)
        self.makingRoom = makingRoom
    }

    /// Rewrites `projections` from the log in one transaction. `shouldStop` is asked while the log
    /// is replayed and before the writing starts; `true` abandons the transaction and throws
    /// `ReplayInterrupted`, leaving every read model as it was.
    public func rebuild(
        _ projections: Set<ReadModelName> = Set(ReadModelName.allCases), progress: (Int) -> Void = { _ in },
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws -> RebuildSummary {
        let started = Date()
        // The new read models are written beside the old ones, whose pages are freed only by the
        // commit, so the data file may grow by as much as they hold. A writer's map is only as
        // large as the pages in use when the store was opened (LMDB's floor for a smaller size):
        // without room made first, a store with few free pages (one just imported) filled the map
        // after the writes, and the whole rebuild, replay included, ran again in a doubled map.
        if makingRoom { try store.makeRoom(for: 0) }
        let (events, changed) = try store.write { ledger in
            // The scans read the log's leaves in the map, as verify's do: the transaction has
            // written nothing yet, so every page of the log is the committed one the map holds.
            let logPages = ledger.txn.leafPages(named: LedgerDatabases.logName, region: store.mappedRegion())
            let replayed = try core.replay(
                in: ledger, collectingNames: false, releasingPages: true, readingLogPages: logPages, progress: progress,
                shouldStop: shouldStop)
            guard replayed.problems.isEmpty else {
                throw Self.damage(replayed.problems[0])
            }
            try Self.checkLogReaches(ledger, head: replayed.headSeq)
            if shouldStop() { throw ReplayInterrupted() }
            let changed = try write(replayed, projections, ledger)
            FaultInjection.reach(.rebuildBeforeCommit)
            return (replayed.eventCount, changed)
        }
        FaultInjection.reach(.rebuildAfterCommit)
        let order = ReadModelName.allCases.filter(projections.contains)
        return RebuildSummary(
            projections: order, events: events, seconds: Date().timeIntervalSince(started), rowsChanged: changed)
    }

    /// Throws when the store records events past `head`, where the log ends: its hash chain
    /// (extended by every commit that appends events) or a batch's record (the seqs its records
    /// became) reaches further. Those events are gone from the log (a damaged or cleared
    /// database), and read models rebuilt from it would drop what they still hold. (A checkpoint
    /// past the log is not such a witness: damaged, it is what a rebuild repairs.)
    static func checkLogReaches(_ ledger: LedgerTransaction, head: UInt64) throws {
        var furthest: (what: String, seq: UInt64)?
        if ledger.hasChain, let link = try? ledger.chainHead(), link.seq > head { furthest = ("its hash chain", link.seq) }
        if let databases = ledger.batchDatabases {
            try? ledger.txn.withCursor(databases.batches) { cursor in
                for entry in cursor.entries() {
                    let number = BigEndianKey64.decode(entry.key)
                    guard let batch = try? StoredBatch(decoding: entry.value, number: number, checked: ledger.databases.checked),
                        batch.lastSeq > max(head, furthest?.seq ?? 0)
                    else { continue }
                    furthest = ("the record of batch \(number)", batch.lastSeq)
                }
            }
        }
        guard let furthest else { return }
        throw StoreError.damagedLog(
            seq: head + 1,
            detail: "the log ends at seq \(head) but \(furthest.what) reaches seq \(furthest.seq): those events are missing "
                + "from the log, and read models rebuilt from it would lose them, so nothing was rewritten; "
                + "restore the store from a backup")
    }

    /// The error for the replay's first problem: at its seq when the problem starts "seq N: ".
    private static func damage(_ problem: String) -> StoreError {
        let parts = problem.split(separator: ": ", maxSplits: 1)
        if parts.count == 2, parts[0].hasPrefix("seq "), let seq = UInt64(parts[0].dropFirst(4)) {
            return .damagedLog(seq: seq, detail: String(parts[1]))
        }
        return .damagedLog(seq: nil, detail: problem)
    }

    /// Writes the read models `replayed` gives into `ledger`, and maps the ids that name their rows
    /// (`indexIDs`); how many rows and ids it wrote or deleted.
    ///
    /// This core rewrites the orders while the other compares the rest with the store, in a
    /// snapshot of the commit this transaction began from (its own writes to the orders aside, it
    /// holds what that commit holds): a read model the store holds already needs no walk here, and
    /// those that differ are rewritten after the orders. So the memory of the replayed orders is
    /// handed back as they are written, before any other table's pages are dirtied: LMDB keeps
    /// those until the commit, and the entries held beside them would be a large part of the peak.
    private func write(_ replayed: ReplayedLedger, _ projections: Set<ReadModelName>, _ ledger: LedgerTransaction) throws
        -> Int
    {
        var changed = 0
        let rows = replayed.rows
        // The customer and sku rows are encoded straight from the replay's slots, in currency order.
        let order = rows.slotsInCurrencyOrder
        var checks: [@Sendable (LedgerTransaction, MappedRegion?) throws -> Bool] = []
        var rewrites: [() throws -> Int] = []
        func add<Key>(_ table: RebuiltRows<Key>) {
            checks.append { try table.areStored(in: $0, releasing: $1) }
            rewrites.append { try rewrite(table, ledger) }
        }
        if projections.contains(.customers) {
            add(
                RebuiltRows(
                    table: \.customers, count: rows.customerRows, key: { BigEndianKey32(UInt32($0)) },
                    size: { rows.encodedSize(customer: $0) }, encode: { rows.encode(customer: $0, order: order, into: $1) }))
        }
        if projections.contains(.revenue) {
            let revenue = rows.revenueByKey.sorted { $0.key < $1.key }
            let values = revenue.map { ReadModelCodec.encode($0.value) }
            add(
                RebuiltRows(
                    table: \.revenue, count: revenue.count, key: { ReadModelCodec.key(revenue[$0].key) },
                    size: { values[$0].count }, encode: { $1.copyBytes(from: values[$0]) }))
        }
        if projections.contains(.skus) {
            add(
                RebuiltRows(
                    table: \.skus, count: rows.skuRows, key: { BigEndianKey32(UInt32($0)) },
                    size: { rows.encodedSize(sku: $0) }, encode: { rows.encode(sku: $0, order: order, into: $1) }))
        }
        if projections.contains(.stats) {
            let counts = ReadModelCodec.encode(rows.statusTotals)
            add(
                RebuiltRows(
                    table: \.stats, count: 1, key: { _ in LedgerTransaction.statusCountsKey }, size: { _ in counts.count },
                    encode: { $1.copyBytes(from: counts) }))
        }
        let rebuildsOrders = projections.contains(.orders)
        let customerOf = rebuildsOrders ? replayed.customersOfOrders : []
        let base = ledger.txn.snapshot - 1
        let comparing = BackgroundThread { [store, checks] () -> (keys: [UInt64], stored: [Bool]) in
            let keys = ReplayedLedger.customerOrderKeys(customerOf)
            let stored = try store.read { other in
                // Another commit in between (none can come while this transaction holds the
                // writer's lock): nothing is taken as stored.
                guard other.txn.snapshot == base else { return [Bool](repeating: false, count: checks.count + 1) }
                let region = store.mappedRegion()
                return try [!rebuildsOrders || Self.customerOrderRows(keys).areStored(in: other, releasing: region)]
                    + checks.map { try $0(other, region) }
            }
            return (keys, stored)
        }
        var ordersWritten = Result<Int, any Error>.success(0)
        if rebuildsOrders {
            let entries = replayed.entries
            var written = SegmentedPagesBehind(entries)
            ordersWritten = Result {
                try rewrite(
                    \.orders, ledger, rows: entries.count, key: { BigEndianKey32(UInt32($0)) },
                    size: { _ in OrderStateCodec.size },
                    encode: { index, buffer in
                        let entry = entries[index]
                        OrderStateCodec.encode(entry.state, lastSeq: entry.lastSeq, into: buffer)
                    }, passed: { written.release(before: $0) })
            }
        }
        // Waited for before anything can leave this transaction: its snapshot must not outlive it.
        // A comparison that failed (a damaged table) leaves every table to be rewritten here.
        let compared =
            (try? comparing.wait())
            ?? (keys: ReplayedLedger.customerOrderKeys(customerOf), stored: [Bool](repeating: false, count: checks.count + 1))
        changed += try ordersWritten.get()
        if rebuildsOrders, !compared.stored[0] { changed += try rewrite(Self.customerOrderRows(compared.keys), ledger) }
        for (index, rewrite) in rewrites.enumerated() where !compared.stored[index + 1] { changed += try rewrite() }
        // The ids that name the rows rebuilt, as far as an unfinished import left them unmapped.
        for name in ReadModelName.allCases where projections.contains(name) {
            guard let (names, ids) = LedgerTransaction.idDatabases(of: name) else { continue }
            changed += try ledger.indexIDs(of: names, into: ids, releasing: store.mappedRegion())
        }
        for name in projections { try ledger.putCheckpoint(name, replayed.headSeq) }
        return changed
    }

    /// The customer→orders index as `keys` (ascending) make it.
    private static func customerOrderRows(_ keys: [UInt64]) -> RebuiltRows<BigEndianKey64> {
        RebuiltRows(
            table: \.customerOrders, count: keys.count, key: { BigEndianKey64(keys[$0]) }, size: { _ in 0 },
            encode: { _, _ in })
    }

    /// `rewrite` of `rows`.
    private func rewrite<Key>(_ rows: RebuiltRows<Key>, _ ledger: LedgerTransaction) throws -> Int {
        try rewrite(rows.table, ledger, rows: rows.count, key: rows.key, size: rows.size, encode: rows.encode)
    }

    /// Makes `table` hold exactly the rows `0..<rows` (ascending `key`s; each value `size` bytes,
    /// written by `encode`), writing only where it differs: a row whose stored value is the same
    /// is left alone, so a rebuild of read models that agree with the log dirties none of their
    /// pages and its commit writes next to nothing (a rewrite of every row writes every page of
    /// the read models, and its commit waits for the disk). Rows that differ are replaced, missing ones
    /// added (appended past the last key), and keys the rows do not have deleted. Gives back how
    /// many rows it wrote or deleted. (A table whose pages LMDB finds damaged on the way fails the
    /// rebuild: emptying it would free the page numbers its damaged pages name, maybe pages of
    /// other tables.)
    ///
    /// The rows go in nested transactions of `rowsPerNestedTransaction` rows each: LMDB keeps a
    /// transaction's dirty pages in a list sorted by page number, inserting each new page in
    /// place, and pages reused from the free list come in runs out of order, so that in one
    /// transaction of tens of thousands of pages each insert moves thousands of entries
    /// (`mdb_mid2l_insert` dominated the write when every row was written). A nested
    /// transaction's list stays short and is merged into its parent's in one pass when it commits.
    ///
    /// `passed`, if given, is told now and then that the rows before a number are written (each
    /// row is encoded once, in order).
    private func rewrite<Key: LMDBBytes>(
        _ table: LedgerTransaction.Table, _ ledger: LedgerTransaction, rows: Int, key: (Int) -> Key, size: (Int) -> Int,
        encode: (Int, UnsafeMutableRawBufferPointer) -> Void, passed: ((Int) -> Void)? = nil
    ) throws -> Int {
        let region = store.mappedRegion()
        var changed = 0
        var scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 8)
        defer { scratch.deallocate() }
        // One pass at least, for the keys to delete from a table whose rows are none.
        for start in stride(from: 0, through: max(0, rows - 1), by: rowsPerNestedTransaction) {
            let end = min(rows, start + rowsPerNestedTransaction)
            try ledger.nested { nested in
                try nested.withCursor(table) { cursor in
                    var stored = start == 0 ? try cursor.first() : try key(start).withLMDBBytes { try cursor.seek(atLeast: $0) }
                    for index in start..<end {
                        if index & (ReplayCore.releaseInterval - 1) == 0 {
                            region?.releasePages(ifMappedOver: ReplayCore.mappedBudget)
                            passed?(index)
                        }
                        let count = size(index)
                        guard stored != nil else {
                            // Past every stored key (an emptied or lagging read model): appended,
                            // encoded in place.
                            try cursor.append(key(index), reserving: count) { encode(index, $0) }
                            changed += 1
                            continue
                        }
                        if scratch.count < count {
                            scratch.deallocate()
                            scratch = .allocate(byteCount: max(count, 2 * scratch.count), alignment: 8)
                        }
                        let value = UnsafeMutableRawBufferPointer(rebasing: scratch[..<count])
                        encode(index, value)
                        let written = UnsafeRawBufferPointer(value)
                        try key(index).withLMDBBytes { key in
                            // Stored keys before this row's have no row.
                            changed += try Self.delete(&stored, before: key, cursor)
                            if let entry = stored, Self.compare(entry.key, key) == 0 {
                                if !entry.value.hasSameBytes(as: written) {
                                    try cursor.put(key, written, flags: .current)
                                    changed += 1
                                }
                            } else {
                                try cursor.put(key, written, flags: stored == nil ? .append : [])
                                changed += 1
                            }
                            stored = try cursor.next()
                        }
                    }
                    // Stored keys after this transaction's last row and before the next one's
                    // (after the last row: all of them) have no row: deleted.
                    if end < rows {
                        changed += try key(end).withLMDBBytes { try Self.delete(&stored, before: $0, cursor) }
                    } else {
                        changed += try Self.delete(&stored, before: nil, cursor)
                    }
                }
            }
        }
        return changed
    }

    /// Deletes the stored entries from `stored` on whose keys sort before `limit` (`nil`: all of
    /// them), leaving `stored` on the first entry kept; how many it deleted.
    private static func delete(_ stored: inout Cursor.Entry?, before limit: UnsafeRawBufferPointer?, _ cursor: Cursor)
        throws -> Int
    {
        var deleted = 0
        while let entry = stored, limit.map({ compare(entry.key, $0) < 0 }) ?? true {
            let key = Array(entry.key)
            try cursor.deleteCurrent()
            deleted += 1
            // The entry after the one deleted (the key copied first: the deleted one's bytes are gone).
            stored = try cursor.seek(atLeast: key)
        }
        return deleted
    }

    /// LMDB's order of keys: their bytes compared as unsigned, a prefix first.
    private static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        let common = min(left.count, right.count)
        if common > 0 {
            let order = memcmp(left.baseAddress!, right.baseAddress!, common)
            if order != 0 { return Int(order) }
        }
        return left.count - right.count
    }
}
