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

    public init(store: LedgerStore) {
        self.store = store
        core = ReplayCore(store: store)
    }

    /// Rewrites `projections` from the log in one transaction. `shouldStop` is asked while the log
    /// is replayed and before the writing starts; `true` abandons the transaction and throws
    /// `ReplayInterrupted`, leaving every read model as it was.
    public func rebuild(
        _ projections: Set<ReadModelName> = Set(ReadModelName.allCases), progress: (Int) -> Void = { _ in },
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws -> RebuildSummary {
        let started = Date()
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
            let ordersWritten = Result {
                try refill(\.orders, ledger) { cursor in
                    for (index, state) in replayed.orders.enumerated() {
                        try cursor.append(BigEndianKey32(UInt32(index)), reserving: OrderStateCodec.size) {
                            OrderStateCodec.encode(state, lastSeq: replayed.lastSeqs[index], into: $0)
                        }
                    }
                }
            }
            let customerOrderKeys = try sorting.wait()
            try ordersWritten.get()
            try refill(\.customerOrders, ledger) { cursor in
                for key in customerOrderKeys { try cursor.append(BigEndianKey64(key), reserving: 0) { _ in } }
            }
        }
        let models = replayed.readModels
        if projections.contains(.customers) {
            try refill(\.customers, ledger) { cursor in
                for (index, row) in models.customers.enumerated() {
                    try cursor.append(BigEndianKey32(UInt32(index)), reserving: ReadModelCodec.size(of: row)) {
                        ReadModelCodec.encode(row, into: $0)
                    }
                }
            }
        }
        if projections.contains(.revenue) {
            try refill(\.revenue, ledger) { cursor in
                for (key, row) in models.revenue.sorted(by: { $0.key < $1.key }) {
                    let value = ReadModelCodec.encode(row)
                    try cursor.append(ReadModelCodec.key(key), reserving: value.count) { $0.copyBytes(from: value) }
                }
            }
        }
        if projections.contains(.skus) {
            try refill(\.skus, ledger) { cursor in
                for (index, row) in models.skus.enumerated() {
                    try cursor.append(BigEndianKey32(UInt32(index)), reserving: ReadModelCodec.size(of: row)) {
                        ReadModelCodec.encode(row, into: $0)
                    }
                }
            }
        }
        if projections.contains(.stats) { try ledger.putStatusCounts(models.statusCounts) }
        for name in projections { try ledger.putCheckpoint(name, replayed.headSeq) }
    }

    /// Empties `table` and has `fill` append its new entries, in key order, through one cursor.
    private func refill(_ table: LedgerTransaction.Table, _ ledger: LedgerTransaction, _ fill: (Cursor) throws -> Void) throws {
        try ledger.clear(table)
        try ledger.withCursor(table, fill)
    }
}
