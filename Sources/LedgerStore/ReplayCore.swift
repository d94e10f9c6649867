import Foundation
internal import LMDB
internal import LedgerDomain

/// Replays the log: a cursor pass in seq order, events read in place from the memory map and
/// folded with the same `OrderService.evolve` and `ReadModelFold` as the importer, into arrays
/// indexed by dense numbers. It also checks the log's invariants as it goes.
///
/// Several threads share the work: each reads the whole log in its own read transaction and folds
/// the orders of its partition, and the parts are merged at the end (folding is additive). Each
/// stops at the head seq of the caller's snapshot: the log only grows, so they all see the same
/// events.
public struct ReplayCore {
    private let store: LedgerStore
    private let threads: Int

    /// `threads`: how many threads fold (rounded down to a power of two; by default one per core,
    /// up to four).
    public init(store: LedgerStore, threads: Int = ReplayCore.defaultThreads) {
        self.store = store
        self.threads = 1 << (Int.bitWidth - 1 - max(1, threads).leadingZeroBitCount)
    }

    /// One thread per core, up to four.
    public static var defaultThreads: Int { min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

    /// How many events ahead of the fold the cursor reads, so that the rows they touch are
    /// prefetched by the time they are folded (a power of two).
    static let lookahead = 16

    /// Replays every event; `progress` gets the number of events replayed now and then.
    /// `collectingNames`: also gather the ids the log names (verify compares them).
    public func replay(collectingNames: Bool = false, progress: (Int) -> Void = { _ in }) throws -> ReplayedLedger {
        try store.read { ledger in
            try replay(in: ledger, collectingNames: collectingNames, releasingPages: false, progress: progress)
        }
    }

    /// Replays the log as `ledger` sees it (a read snapshot, or the write transaction of a rebuild).
    /// `releasingPages`: keep resident memory down by dropping the data file's pages from the
    /// map as the scan leaves them behind (a rebuild, which goes on to write, does; it costs the
    /// time of mapping them again).
    func replay(
        in ledger: LedgerTransaction, collectingNames: Bool, releasingPages: Bool, progress: (Int) -> Void
    ) throws -> ReplayedLedger {
        let databases = store.databases
        let expected = ReplaySizes(
            orders: try ledger.txn.count(databases.orderNames), customers: try ledger.txn.count(databases.customerNames),
            skus: try ledger.txn.count(databases.skuNames))
        let head = try ledger.txn.withCursor(databases.log) { try $0.last().map { BigEndianKey64.decode($0.key) } } ?? 0
        let partitions = threads
        let region = releasingPages ? store.environment.mappedRegion() : nil
        let workers = (1..<partitions).map { index in
            BackgroundThread { [store] in
                try store.read { snapshot in
                    try Self.scan(
                        snapshot, store, ReplayPartition(index, of: partitions), upTo: head, expected: expected,
                        collectingNames: false, releasing: nil, progress: { _ in })
                }
            }
        }
        let first: ReplayedPart
        do {
            first = try Self.scan(
                ledger, store, ReplayPartition(0, of: partitions), upTo: head, expected: expected,
                collectingNames: collectingNames, releasing: region, progress: progress)
        } catch {
            for worker in workers { _ = try? worker.wait() }
            throw error
        }
        return ReplayedLedger(merging: [first] + (try workers.map { try $0.wait() }))
    }

    /// How many events pass between two releases of the mapped pages read (a power of two).
    static let releaseInterval = 1 << 18

    /// Folds `partition`'s share of the log up to seq `head`, as `ledger` sees it, releasing the
    /// pages of `region` now and then: without that, a rebuild's resident memory would hold most
    /// of the data file (the log's pages, and the pages the kernel maps around them).
    private static func scan(
        _ ledger: LedgerTransaction, _ store: LedgerStore, _ partition: ReplayPartition, upTo head: UInt64,
        expected: ReplaySizes, collectingNames: Bool, releasing region: MappedRegion?, progress: (Int) -> Void
    ) throws -> ReplayedPart {
        var replayed = 0
        let result = try ledger.txn.withCursor(store.databases.log) { cursor in
            var run = ReplayRun(partition, collectingNames: collectingNames, expected: expected)
            // A ring of the next `lookahead` entries: each is prepared when read and folded when it
            // leaves the ring.
            let none = UnsafeRawBufferPointer(start: nil, count: 0)
            var ahead = [Cursor.Entry](repeating: (none, none), count: lookahead)
            var first = 0
            var count = 0
            var next = try cursor.first()
            while count < lookahead, let entry = next {
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
                first = (first + 1) & (lookahead - 1)
                let seq = BigEndianKey64.decode(current.key)
                guard seq <= head else { break }
                run.fold(seq: seq, bytes: current.value)
                replayed += 1
                if replayed & (releaseInterval - 1) == 0 {
                    region?.releasePages()
                    if replayed & 0xFFFFF == 0 { progress(replayed) }
                }
            }
            return run.finish()
        }
        progress(replayed)
        return result
    }
}
