import Foundation
internal import LMDB
internal import LedgerDomain
public import LedgerServices

/// Recomputes read models from the log (SPEC §7).
///
/// It replays the log and rewrites the chosen read models inside one write transaction: the
/// databases are cleared and refilled in key order with `MDB_APPEND`, so the new B-trees are
/// built from fresh copy-on-write pages while every reader keeps seeing the old ones; the commit
/// switches to the new ones atomically, and an interrupted rebuild leaves the old ones in place.
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
    /// `true` but in a test of a map that fills up during the writes.
    init(store: LedgerStore, rowsPerNestedTransaction: Int, makingRoom: Bool = true) {
        self.store = store
        core = ReplayCore(store: store)
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
        let events = try store.write { ledger in
            let replayed = try core.replay(
                in: ledger, collectingNames: false, releasingPages: true, progress: progress, shouldStop: shouldStop)
            guard replayed.problems.isEmpty else {
                throw Self.damage(replayed.problems[0])
            }
            if shouldStop() { throw ReplayInterrupted() }
            try write(replayed, projections, ledger)
            FaultInjection.reach(.rebuildBeforeCommit)
            return replayed.eventCount
        }
        FaultInjection.reach(.rebuildAfterCommit)
        let order = ReadModelName.allCases.filter(projections.contains)
        return RebuildSummary(projections: order, events: events, seconds: Date().timeIntervalSince(started))
    }

    /// The error for the replay's first problem: at its seq when the problem starts "seq N: ".
    private static func damage(_ problem: String) -> StoreError {
        let parts = problem.split(separator: ": ", maxSplits: 1)
        if parts.count == 2, parts[0].hasPrefix("seq "), let seq = UInt64(parts[0].dropFirst(4)) {
            return .damagedLog(seq: seq, detail: String(parts[1]))
        }
        return .damagedLog(seq: nil, detail: problem)
    }

    private func write(_ replayed: ReplayedLedger, _ projections: Set<ReadModelName>, _ ledger: LedgerTransaction) throws {
        if projections.contains(.orders) {
            // The other core sorts the customer→orders keys while this one writes the orders.
            let sorting = BackgroundThread { replayed.customerOrderKeys }
            let entries = replayed.entries
            let ordersWritten = Result {
                try refill(\.orders, ledger, rows: entries.count) { cursor, index in
                    let entry = entries[index]
                    try cursor.append(BigEndianKey32(UInt32(index)), reserving: OrderStateCodec.size) {
                        OrderStateCodec.encode(entry.state, lastSeq: entry.lastSeq, into: $0)
                    }
                }
            }
            let customerOrderKeys = try sorting.wait()
            try ordersWritten.get()
            try refill(\.customerOrders, ledger, rows: customerOrderKeys.count) { cursor, index in
                try cursor.append(BigEndianKey64(customerOrderKeys[index]), reserving: 0) { _ in }
            }
        }
        let rows = replayed.rows
        // The customer and sku rows are encoded straight from the replay's slots, in currency order.
        let order = rows.slotsInCurrencyOrder
        if projections.contains(.customers) {
            try refill(\.customers, ledger, rows: rows.customerRows) { cursor, index in
                try cursor.append(BigEndianKey32(UInt32(index)), reserving: rows.encodedSize(customer: index)) {
                    rows.encode(customer: index, order: order, into: $0)
                }
            }
        }
        if projections.contains(.revenue) {
            let revenue = rows.revenueByKey.sorted { $0.key < $1.key }
            try refill(\.revenue, ledger, rows: revenue.count) { cursor, index in
                let value = ReadModelCodec.encode(revenue[index].value)
                try cursor.append(ReadModelCodec.key(revenue[index].key), reserving: value.count) { $0.copyBytes(from: value) }
            }
        }
        if projections.contains(.skus) {
            try refill(\.skus, ledger, rows: rows.skuRows) { cursor, index in
                try cursor.append(BigEndianKey32(UInt32(index)), reserving: rows.encodedSize(sku: index)) {
                    rows.encode(sku: index, order: order, into: $0)
                }
            }
        }
        if projections.contains(.stats) { try ledger.putStatusCounts(rows.statusTotals) }
        for name in projections { try ledger.putCheckpoint(name, replayed.headSeq) }
    }

    /// Empties `table` and has `append` add rows `0..<rows` in key order, each through the cursor
    /// it is given. The rows go in nested transactions of `rowsPerNestedTransaction` rows each: LMDB
    /// keeps a transaction's dirty pages in a list sorted by page number, inserting each new page
    /// in place, and pages reused from the free list come in runs out of order, so that in one
    /// transaction of 36,000 pages each insert moved thousands of entries (`mdb_mid2l_insert`: two
    /// fifths of the write's samples on `wide`). A nested transaction's list stays short and is
    /// merged into its parent's in one pass when it commits (what is left: its search of that
    /// list as each append touches the pages it writes, a third of what the inserts cost).
    private func refill(
        _ table: LedgerTransaction.Table, _ ledger: LedgerTransaction, rows: Int, _ append: (Cursor, Int) throws -> Void
    ) throws {
        try ledger.clear(table)
        for start in stride(from: 0, to: rows, by: rowsPerNestedTransaction) {
            try ledger.nested { nested in
                try nested.withCursor(table) { cursor in
                    for index in start..<min(rows, start + rowsPerNestedTransaction) { try append(cursor, index) }
                }
            }
        }
    }
}
