internal import LMDB
internal import LedgerDomain

/// Replays the log: one read transaction, one cursor pass in seq order, events read in place from
/// the memory map and folded with the same `OrderService.evolve` and `ReadModelFold` as the
/// importer, into arrays indexed by dense numbers. It also checks the log's invariants as it goes.
public struct ReplayCore {
    private let store: LedgerStore

    public init(store: LedgerStore) {
        self.store = store
    }

    /// Replays every event; `progress` gets the number of events replayed now and then.
    /// `collectingNames`: also gather the ids the log names (verify compares them).
    public func replay(collectingNames: Bool = false, progress: (Int) -> Void = { _ in }) throws -> ReplayedLedger {
        try store.read { ledger in try replay(in: ledger, collectingNames: collectingNames, progress: progress) }
    }

    /// How many events ahead of the fold the cursor reads, so that the rows they touch are
    /// prefetched by the time they are folded (a power of two).
    static let lookahead = 16

    /// Replays the log as `ledger` sees it (a read snapshot, or the write transaction of a rebuild).
    func replay(in ledger: LedgerTransaction, collectingNames: Bool, progress: (Int) -> Void) throws -> ReplayedLedger {
        let databases = store.databases
        let expected = ReplaySizes(
            orders: try ledger.txn.count(databases.orderNames), customers: try ledger.txn.count(databases.customerNames),
            skus: try ledger.txn.count(databases.skuNames))
        var replayed = 0
        let result = try ledger.txn.withCursor(databases.log) { cursor in
            var run = ReplayRun(collectingNames: collectingNames, expected: expected)
            // A ring of the next `lookahead` entries: each is prepared when read and folded when it
            // leaves the ring.
            var ahead = [Cursor.Entry](repeating: (UnsafeRawBufferPointer(start: nil, count: 0), UnsafeRawBufferPointer(start: nil, count: 0)), count: Self.lookahead)
            var first = 0
            var count = 0
            var next = try cursor.first()
            while count < Self.lookahead, let entry = next {
                ahead[count] = entry
                run.prepare(entry.value)
                count += 1
                next = try cursor.next()
            }
            while count > 0 {
                let current = ahead[first]
                if let entry = next {
                    ahead[first] = entry
                    run.prepare(entry.value)
                    next = try cursor.next()
                } else {
                    count -= 1
                }
                first = (first + 1) & (Self.lookahead - 1)
                run.fold(seq: BigEndianKey64.decode(current.key), bytes: current.value)
                replayed += 1
                if replayed & 0xFFFFF == 0 { progress(replayed) }
            }
            return run.finish()
        }
        progress(replayed)
        return result
    }
}
