internal import CMemory
import FoundationEssentials
internal import LMDB
internal import LedgerDomain
public import LedgerServices

/// Replays the log: a cursor pass in seq order, events read in place from the memory map and
/// folded with the same `OrderService.evolve` and `ReadModelFold` as the importer, into arrays
/// indexed by dense numbers. It also checks the log's invariants as it goes.
///
/// Several threads share the work: the log is cut into consecutive ranges of seqs, each thread
/// folds one in its own read transaction, and the parts are joined in log order (`ReplayJoin`).
/// A log longer than an epoch (`defaultEventsPerEpoch`) is folded an epoch after another, so
/// that the events the join folds are held an epoch's at a time.
/// Ranges end at the head seq of the caller's snapshot: the log only grows, so every thread sees
/// the same events.
public struct ReplayCore {
    private let store: LedgerStore
    private let threads: Int
    /// The most events one epoch of the replay folds (see `replay(in:…)`).
    private let eventsPerEpoch: Int

    /// `threads`: how many threads fold (by default one per core, up to four).
    /// `eventsPerEpoch`: `ReplayCore.defaultEventsPerEpoch` but in tests (at least 64: each epoch
    /// adds its ranges to the segments of orders that the join lends out at once).
    public init(store: LedgerStore, threads: Int = ReplayCore.defaultThreads, eventsPerEpoch: Int = defaultEventsPerEpoch) {
        self.store = store
        self.threads = max(1, threads)
        self.eventsPerEpoch = max(64, eventsPerEpoch)
    }

    /// About 4.2M events an epoch: a log of 1M orders (about 4.1M events) is one epoch; a longer
    /// one holds at most an epoch's deferred events at a time (16 bytes each).
    public static let defaultEventsPerEpoch = 1 << 22

    /// One thread per core, up to four.
    public static var defaultThreads: Int { min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

    /// How many events ahead of the fold the cursor reads, so that the rows they touch are
    /// prefetched by the time they are folded (a power of two).
    static let lookahead = 32

    /// How many events pass between two asks to stop (a power of two, at least `releaseInterval`):
    /// often enough that a query the server gives up on stops soon after, seldom enough that the
    /// ask costs nothing next to the events folded between two.
    static let stopInterval = 1 << 13

    /// How many events pass between two looks at the log's pages mapped by a rebuild, which
    /// drops them once they are over `mappedBudget` (a power of two).
    static let releaseInterval = 1 << 13

    /// The bytes of the data file's pages a rebuild's or verify's scan of the log keeps mapped at
    /// most (give or take what one `releaseInterval` maps): a scan reads each page once, so
    /// dropping them only past this maps few pages twice. The scans' end is the replay's peak of
    /// resident memory (every range's orders and deferred events, each thread's rows, the ids
    /// gathered): a smaller budget than this lowered verify's peak on `hostile` markedly.
    /// (Cancels read their orders' lines at their own pace: `CancelledLines`.)
    static let mappedBudget = 48 << 20

    /// Replays every event (or those of the ledger `asOf` a past moment); `progress` gets the
    /// number of events replayed now and then. `collectingNames`: also gather the ids the log
    /// names (verify compares them). `shouldStop` is asked before each range and every
    /// `stopInterval` events of it; `true` ends the replay with `ReplayInterrupted`.
    public func replay(
        asOf: AsOf? = nil, collectingNames: Bool = false, progress: (Int) -> Void = { _ in },
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws -> ReplayedLedger {
        try store.read { ledger in
            try replay(
                in: ledger, asOf: asOf, collectingNames: collectingNames, releasingPages: false, progress: progress,
                shouldStop: shouldStop)
        }
    }

    /// Replays the log as `ledger` sees it (a read snapshot, or the write transaction of a rebuild).
    /// `releasingPages`: keep resident memory down by dropping the data file's pages from the
    /// map as the scan leaves them behind, and all of them at the end (a rebuild, which goes on
    /// to write, and verify do; it costs the time of mapping again those read again). `asOf`: only the events up to that seq, or whose `at` is at
    /// most that time; an order placed later keeps its number with latest seq 0 (not placed yet).
    /// `chain`: the stored links of the hash chain, recomputed as the events are folded (verify):
    /// the result `confirmsChain` if they all match and the chain ends at the log's last seq.
    /// `logPages`: the leaf pages of `log` in `ledger` (verify's read snapshot, or rebuild's write
    /// transaction before it writes): the scans read them in the map instead of stepping a cursor
    /// (`LogScan`), and keep the first and last key of each one they read whole
    /// (`ReplayedLedger.logLeaves`, for the check of the log's branch keys).
    func replay(
        in ledger: LedgerTransaction, asOf: AsOf? = nil, collectingNames: Bool, releasingPages: Bool,
        checkingChain chain: StoredChain? = nil, readingLogPages logPages: LeafPages? = nil, progress: (Int) -> Void,
        shouldStop: @escaping @Sendable () -> Bool
    ) throws -> ReplayedLedger {
        var head = try ledger.headSeq()
        let logged = try ledger.count(\.log)
        // The log is gapless from seq 1: the replay lists each gap, but a last seq far beyond any
        // log (2^48) is a damaged key that no count or progress may be computed from.
        guard head < 1 << 48 || head == UInt64(logged) else {
            throw StoreError.damagedLog(seq: head, detail: "the log holds \(logged) events but its last seq is \(head)")
        }
        var cutoff = Timestamp(milliseconds: .max)
        switch asOf {
        case .seq(let last): head = min(head, last)
        case .time(let time): cutoff = time
        case nil: break
        }
        let chain = asOf == nil ? chain : nil
        // The log is folded an epoch after another, each epoch's ranges by every thread at once and
        // then its deferred events: so the deferred events held at once are at most an epoch's,
        // however long the log (all of them at once would be a large part of the peak).
        // Counted from the events the log holds: a damaged log's last seq may lie far past them.
        let epochs = Int(min(head, UInt64(logged))) / eventsPerEpoch + 1
        let rangesPerEpoch = threads * Self.rangesPerThread
        let ranges = ReplayRange.split(upTo: head, into: epochs * rangesPerEpoch, cuttingAt: chain)
        // Every range gets room for all orders: a range places about its share of them, but an
        // array that outgrows its room is copied whole, and room never touched costs no memory.
        let expected = ReplaySizes(
            orders: try ledger.count(\.orderNames), customers: try ledger.count(\.customerNames),
            skus: try ledger.count(\.skuNames))
        let bounds = EventBounds(orders: expected.orders, customers: expected.customers, skus: expected.skus)
        let region = releasingPages ? store.mappedRegion() : nil
        // One thread per range at most; as many partitions of the deferred events as threads.
        let partitions = min(threads, ranges.count)
        // Each thread's rows, kept from one epoch to the next.
        var rows: ReplayRows? = ReplayRows(customers: expected.customers, skus: expected.skus)
        var helpersRows = (1..<partitions).map { _ in ReplayRows(customers: expected.customers, skus: expected.skus) }
        var join = ReplayJoin()
        for first in stride(from: 0, to: ranges.count, by: rangesPerEpoch) {
            let epoch = Array(ranges[first..<min(ranges.count, first + rangesPerEpoch)])
            let work = Work(
                ranges: epoch, queue: RangeQueue(count: epoch.count), expected: expected, bounds: bounds,
                collectingNames: collectingNames, region: region, logged: logged, cutoff: cutoff, partitions: partitions,
                chain: chain, logPages: logPages, shouldStop: shouldStop)
            let before = Int(clamping: epoch[0].seqs.lowerBound)
            try Self.fold(epoch: work, ledger, store, rows: &rows, helpersRows: &helpersRows, join: &join) {
                progress(min(Int(head), before + $0))
            }
        }
        // The deferred events are freed by now: add each thread's rows to the caller's, one at a
        // time, each freed once added, so that no more than two sets of rows are ever held at once.
        while let theirs = helpersRows.popLast() { rows!.merge(theirs) }
        join.rows = rows.take()!
        progress(Int(join.lastSeq))
        let replayed = ReplayedLedger(join, confirmingChain: chain.map { $0.isOrdered && $0.head == head } ?? false)
        join = ReplayJoin()
        // The threads' rows, the deferred events and the parts are freed by now, but malloc keeps
        // most of them (its threshold for giving large blocks back rises as they are freed, and the
        // helpers' arenas are their own): hand them back, so that a rebuild's writes and verify's
        // comparisons do not add to them (without this, verify would hold them on top of its own).
        cmemory_trim()
        // What comes next (a rebuild's writes, verify's comparisons) reads few of the log's pages.
        region?.releasePages()
        return replayed
    }

    /// Folds the ranges of one epoch (`work`) on every thread, each into its rows (the caller's
    /// `rows`, each helper's `helpersRows`, handed back folded), appends their parts to `join`, and
    /// has the parts' deferred events folded. `progress` gets the events folded in the epoch.
    private static func fold(
        epoch work: Work, _ ledger: LedgerTransaction, _ store: LedgerStore, rows: inout ReplayRows?,
        helpersRows: inout [ReplayRows], join: inout ReplayJoin, progress: (Int) -> Void
    ) throws {
        let helpers = helpersRows.indices.map { _ in Helper() }
        for (helper, slot) in zip(helpers, helpersRows.indices) {
            var theirs = ReplayRows(customers: 0, skus: 0)
            swap(&theirs, &helpersRows[slot])
            helper.rows.put(consume theirs)
        }
        let workers = helpers.enumerated().map { slot, helper in
            BackgroundThread { [store] in
                let outcome = Result {
                    try store.read { snapshot in Self.help(work, helper, partition: slot + 1, snapshot, store) }
                }
                if case .failure(let error) = outcome, !helper.folded.wasPut {  // its snapshot did not open
                    helper.folded.put(.failure(error))
                    _ = helper.join.take()
                }
                return try outcome.get()
            }
        }
        var share = ReplayShare(rows: ReplayRows(customers: 0, skus: 0))
        var theirs: [[(range: Int, part: ReplayedPart)]] = []
        var failure: (any Error)?
        do {
            share = try Self.fold(work, ledger, store, rows: rows.take()!) { progress($0 * (workers.count + 1)) }
        } catch {
            failure = error
        }
        for helper in helpers {
            switch helper.folded.take() {
            case .success(let parts): theirs.append(parts)
            case .failure(let error): failure = failure ?? error
            }
        }
        if let failure {
            for helper in helpers { helper.join.put(nil) }
            for worker in workers { _ = try? worker.wait() }
            throw failure
        }
        var parts = [ReplayedPart?](repeating: nil, count: work.ranges.count)
        for (range, part) in share.parts + theirs.joined() { parts[range] = part }
        // Nothing else may hold the parts' arrays: the join folds into them in place.
        share.parts = []
        theirs = []
        rows = share.rows
        share.rows = ReplayRows(customers: 0, skus: 0)  // the fold below must not copy them
        for range in parts.indices { join.append(parts[range].take()!) }
        // The deferred events and the cancels read the log's pages again in log order, within a
        // smaller budget (`CancelledLines.mappedBudget`): the pages the scans left mapped (up to
        // `mappedBudget`) go before the orders and every thread's rows are all held at once.
        work.region?.releasePages()
        var folded: [ReplayRows] = []
        try join.foldDeferred(partitions: work.partitions, releasing: work.region) { fold in
            for helper in helpers { helper.join.put(fold) }
            var found = fold.fold(partition: 0, into: &rows!)
            let outcomes = workers.map { worker in Result { try worker.wait() } }
            for outcome in outcomes {
                let (theirRows, problems) = try outcome.get()
                folded.append(theirRows)
                found += problems
            }
            return found
        }
        helpersRows = folded
    }

    /// What a helper thread hands over: its share of the ranges, once folded; then, from the
    /// caller, the deferred events to fold (`nil`: the replay failed, nothing more to do).
    private final class Helper: Sendable {
        /// The rows to fold into, handed over before the thread starts (moved: never copied).
        let rows = Handoff<ReplayRows>()
        let folded = Handoff<Result<[(range: Int, part: ReplayedPart)], any Error>>()
        let join = Handoff<DeferredFold?>()
    }

    /// A helper thread's work, in `snapshot`: folds ranges taken from the queue and hands their
    /// parts over, then folds its partition of the deferred events into the same rows.
    private static func help(
        _ work: Work, _ helper: Helper, partition: Int, _ snapshot: LedgerTransaction, _ store: LedgerStore
    ) -> (ReplayRows, [DeferredProblem]) {
        var rows: ReplayRows
        do {
            var share = try fold(work, snapshot, store, rows: helper.rows.take(), progress: { _ in })
            helper.folded.put(.success(share.parts))
            share.parts = []
            rows = share.rows
        } catch {
            helper.folded.put(.failure(error))
            _ = helper.join.take()
            return (ReplayRows(customers: 0, skus: 0), [])
        }
        guard let fold = helper.join.take() else { return (ReplayRows(customers: 0, skus: 0), []) }
        let problems = fold.fold(partition: partition, into: &rows)
        return (rows, problems)
    }

    /// Ranges per thread: more than one, so that a thread slowed down takes fewer; few, because
    /// each seam between ranges leaves events for the join to fold alone.
    static let rangesPerThread = 2

    /// What every thread of one replay shares.
    private struct Work: Sendable {
        let ranges: [ReplayRange]
        let queue: RangeQueue
        let expected: ReplaySizes
        let bounds: EventBounds
        let collectingNames: Bool
        let region: MappedRegion?
        /// How many events the log holds (a range's seqs may count more in a damaged log).
        let logged: Int
        let cutoff: Timestamp
        /// How many threads fold (and into how many partitions the deferred events go).
        let partitions: Int
        /// The stored links of the hash chain to recompute (verify), if any.
        let chain: StoredChain?
        /// The log's leaf pages in the caller's snapshot, which the scans read (verify), if any.
        let logPages: LeafPages?
        let shouldStop: @Sendable () -> Bool
    }

    /// Folds ranges taken from the queue, as `ledger` sees them, into `rows`.
    private static func fold(
        _ work: Work, _ ledger: LedgerTransaction, _ store: LedgerStore, rows: consuming ReplayRows,
        progress: (Int) -> Void
    ) throws -> ReplayShare {
        var parts: [(range: Int, part: ReplayedPart)] = []
        var rows = rows
        var replayed = 0
        while let index = work.queue.take() {
            if work.shouldStop() { throw ReplayInterrupted() }
            let (part, folded) = try scan(
                work.ranges[index],
                ReplayRun(
                    collectingNames: work.collectingNames, expected: work.expected, bounds: work.bounds, rows: consume rows,
                    cutoff: work.cutoff, partitions: work.partitions, region: work.region,
                    chain: work.chain.map { ChainRun($0, seqs: work.ranges[index].seqs) },
                    events: min(work.ranges[index].seqs.count, work.logged)),
                ledger, store, releasing: work.region, reading: work.logPages, shouldStop: work.shouldStop
            ) { progress(replayed + $0) }
            // Wrapping: in a damaged log a range's last seq may lie before its first (verify names it).
            replayed &+= part.lastSeq.map { Int(truncatingIfNeeded: $0 &- (part.firstSeq ?? $0) &+ 1) } ?? 0
            rows = folded
            parts.append((index, part))
        }
        return ReplayShare(parts: parts, rows: rows)
    }

    /// Folds the events of `range` with `run`, releasing the pages of `region` now and then:
    /// without that, a rebuild's resident memory would hold most of the data file (the log's
    /// pages, and the pages the kernel maps around them). `logPages`: the log's leaves, read in the
    /// map (`LogScan`), the first and last key of each one read whole kept in the part
    /// (`ReplayedPart.logLeaves`).
    private static func scan(
        _ range: ReplayRange, _ run: consuming ReplayRun, _ ledger: LedgerTransaction, _ store: LedgerStore,
        releasing region: MappedRegion?, reading logPages: LeafPages?, shouldStop: () -> Bool, progress: (Int) -> Void
    ) throws -> (part: ReplayedPart, rows: ReplayRows) {
        let keepingLeaves = logPages != nil
        var run = consume run
        var leaves = LeafEdges()
        var scanned = try ledger.withCursor(\.log) { cursor in
            // A ring of the next `lookahead` entries: each is prepared when read and folded when it
            // leaves the ring.
            // Safe: the ring holds entries borrowed from this cursor's transaction and is folded before it ends.
            let none = UnsafeRawBufferPointer(start: nil, count: 0)
            var ahead = [Cursor.Entry](repeating: (none, none), count: lookahead)
            var first = 0
            var count = 0
            var entries = LogScan(cursor, reading: logPages)
            var next = try entries.first(atLeast: range.seqs.lowerBound)
            while count < lookahead, let entry = next, LedgerTransaction.seq(entry.key) <= range.seqs.upperBound {
                ahead[count] = entry
                if keepingLeaves { leaves.see(entry.key) }
                run.prepare(entry.value)
                count += 1
                next = try entries.next()
            }
            var replayed = 0
            while count > 0 {
                let current = ahead[first]
                if let entry = next, LedgerTransaction.seq(entry.key) <= range.seqs.upperBound {
                    ahead[first] = entry
                    if keepingLeaves { leaves.see(entry.key) }
                    run.prepare(entry.value)
                    next = try entries.next()
                } else {
                    count -= 1
                }
                first = (first + 1) & (lookahead - 1)
                run.fold(seq: LedgerTransaction.seq(current.key), bytes: current.value)
                replayed += 1
                if replayed & (releaseInterval - 1) == 0 {
                    region?.releasePages(ifMappedOver: mappedBudget)
                    if replayed & (stopInterval - 1) == 0 {
                        if shouldStop() { throw ReplayInterrupted() }
                        if replayed & 0xFFFFF == 0 { progress(replayed) }
                    }
                }
            }
            return run.finish()
        }
        leaves.endWalk()
        scanned.part.logLeaves = leaves
        return scanned
    }
}
