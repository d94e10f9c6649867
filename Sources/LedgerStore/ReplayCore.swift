import Foundation
internal import LMDB
internal import LedgerDomain

/// Replays the log: a cursor pass in seq order, events read in place from the memory map and
/// folded with the same `OrderService.evolve` and `ReadModelFold` as the importer, into arrays
/// indexed by dense numbers. It also checks the log's invariants as it goes.
///
/// Several threads share the work: the log is cut into consecutive ranges of seqs, each thread
/// folds one in its own read transaction, and the parts are joined in log order (`ReplayJoin`).
/// Ranges end at the head seq of the caller's snapshot: the log only grows, so every thread sees
/// the same events.
public struct ReplayCore {
    private let store: LedgerStore
    private let threads: Int

    /// `threads`: how many threads fold (by default one per core, up to four).
    public init(store: LedgerStore, threads: Int = ReplayCore.defaultThreads) {
        self.store = store
        self.threads = max(1, threads)
    }

    /// One thread per core, up to four.
    public static var defaultThreads: Int { min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

    /// How many events ahead of the fold the cursor reads, so that the rows they touch are
    /// prefetched by the time they are folded (a power of two).
    static let lookahead = 16

    /// How many events pass between two releases of the mapped pages read (a power of two).
    static let releaseInterval = 1 << 17

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
        let head = try ledger.txn.withCursor(databases.log) { try $0.last().map { BigEndianKey64.decode($0.key) } } ?? 0
        let ranges = ReplayRange.split(upTo: head, into: threads)
        let expected = ReplaySizes(
            orders: try ledger.txn.count(databases.orderNames) / ranges.count,
            customers: try ledger.txn.count(databases.customerNames), skus: try ledger.txn.count(databases.skuNames))
        let region = releasingPages ? store.environment.mappedRegion() : nil
        let workers = ranges.dropFirst().map { range in
            BackgroundThread { [store] in
                try store.read { snapshot in
                    try Self.scan(
                        range, snapshot, store, expected: expected, collectingNames: collectingNames, releasing: region,
                        progress: { _ in })
                }
            }
        }
        let first: ReplayedPart
        do {
            first = try Self.scan(
                ranges[0], ledger, store, expected: expected, collectingNames: collectingNames, releasing: region,
                progress: { progress(min(Int(head), $0 * ranges.count)) })
        } catch {
            for worker in workers { _ = try? worker.wait() }
            throw error
        }
        // Every thread ends before anything can throw: none may outlive the store it reads.
        var rest = workers.map { worker in Result { try worker.wait() } }
        var join = ReplayJoin()
        join.append(consume first, placedLines: ledger.placedLines(of:))
        while !rest.isEmpty { join.append(try rest.removeFirst().get(), placedLines: ledger.placedLines(of:)) }
        progress(Int(join.lastSeq))
        return ReplayedLedger(join)
    }

    /// Folds the events of `range`, as `ledger` sees them, releasing the pages of `region` now
    /// and then: without that, a rebuild's resident memory would hold most of the data file (the
    /// log's pages, and the pages the kernel maps around them).
    private static func scan(
        _ range: ReplayRange, _ ledger: LedgerTransaction, _ store: LedgerStore, expected: ReplaySizes,
        collectingNames: Bool, releasing region: MappedRegion?, progress: (Int) -> Void
    ) throws -> ReplayedPart {
        try ledger.txn.withCursor(store.databases.log) { cursor in
            var run = ReplayRun(collectingNames: collectingNames, expected: expected)
            // A ring of the next `lookahead` entries: each is prepared when read and folded when it
            // leaves the ring.
            let none = UnsafeRawBufferPointer(start: nil, count: 0)
            var ahead = [Cursor.Entry](repeating: (none, none), count: lookahead)
            var first = 0
            var count = 0
            var next = try cursor.seek(atLeast: BigEndianKey64(range.seqs.lowerBound))
            while count < lookahead, let entry = next, BigEndianKey64.decode(entry.key) <= range.seqs.upperBound {
                ahead[count] = entry
                run.prepare(entry.value)
                count += 1
                next = try cursor.next()
            }
            var replayed = 0
            while count > 0 {
                let current = ahead[first]
                if let entry = next, BigEndianKey64.decode(entry.key) <= range.seqs.upperBound {
                    ahead[first] = entry
                    run.prepare(entry.value)
                    next = try cursor.next()
                } else {
                    count -= 1
                }
                first = (first + 1) & (lookahead - 1)
                run.fold(seq: BigEndianKey64.decode(current.key), bytes: current.value)
                replayed += 1
                if replayed & (releaseInterval - 1) == 0 {
                    region?.releasePages()
                    if replayed & 0xFFFFF == 0 { progress(replayed) }
                }
            }
            return run.finish()
        }
    }
}
