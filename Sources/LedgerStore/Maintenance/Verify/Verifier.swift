internal import CMemory
internal import LMDB
internal import LedgerDomain
public import LedgerServices

/// Replays the whole log in memory and compares the result with the stored read models and
/// dictionaries, and the log with its own invariants (SPEC §7), all in one read snapshot.
///
/// A read model whose checkpoint is some seq X below the log's head (an import under way, or one
/// that did not finish, can leave the read models there) is compared with the log replayed up to
/// X instead: it is consistent when it is what the log gives up to X. The
/// read models are grouped by checkpoint, one bounded replay for each checkpoint below the head
/// (none when nothing lags), made and dropped before the whole log is replayed, so that at most
/// one replay is held at a time. The log, its chain, the id dictionaries and the batches are
/// always checked against the whole log.
public struct Verifier {
    private let store: LedgerStore
    private let core: ReplayCore
    /// At most this many differences are listed per read model (the count says the rest).
    public static let listed = 20
    /// Tests only: runs on the caller's thread once the log is replayed, before the chain's thread
    /// and the thread that shares the checks (`SharedCheck`) begin their snapshots, so that a test
    /// can commit in between.
    var beforeOtherSnapshots: () throws -> Void = {}

    public init(store: LedgerStore) {
        self.init(store: store, eventsPerEpoch: ReplayCore.defaultEventsPerEpoch)
    }

    /// `eventsPerEpoch`: the replay's (`ReplayCore`), fewer in tests.
    init(store: LedgerStore, eventsPerEpoch: Int) {
        self.store = store
        core = ReplayCore(store: store, eventsPerEpoch: eventsPerEpoch)
    }

    /// Replays and compares, and recomputes the log's hash chain (checking it against `expected`,
    /// a digest recorded earlier, when given). `shouldStop` is asked while the log is replayed
    /// and before the comparison; `true` ends the check unfinished with `ReplayInterrupted`.
    public func verify(
        expecting expected: ChainDigest? = nil, progress: (Int) -> Void = { _ in },
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws -> VerifyReport {
        // Large blocks are mapped and handed back when freed, as in an import: otherwise glibc
        // raises its threshold to the largest block freed and keeps the replay's outgrown arrays
        // in its heap.
        cmemory_bound_heap()
        return try store.read { ledger in
            // The pages read are dropped from the map now and then, as a rebuild does: without that,
            // the resident memory would hold most of the data file by the end. (Asked inside the
            // snapshot: the map stays put while one is open.)
            let region = store.mappedRegion()
            let lagging = try LaggingReadModels(ledger, core: core, releasing: region, shouldStop: shouldStop)
            // The replay recomputes the hash chain as it folds, link by link from the digests stored.
            // The walk of the chain and the replay's scans of the log keep the first and last key of
            // the leaves they read: the check of their branch keys reads only their branch pages.
            var chainLeaves = LeafEdges()
            let storedChain = ledger.hasChain ? StoredChain(try ledger.chainLinks(keepingEdgesIn: &chainLeaves)) : nil
            // The replay's scans read the log's leaves in the map, where LMDB's cursor would step
            // through them entry by entry.
            let logPages = ledger.txn.leafPages(named: LedgerDatabases.logName, region: region)
            let replayed = try core.replay(
                in: ledger, collectingNames: true, releasingPages: true, checkingChain: storedChain, readingLogPages: logPages,
                progress: progress, shouldStop: shouldStop)
            let leaves = [LedgerDatabases.logName: replayed.logLeaves, LedgerDatabases.chainName: chainLeaves]
            if shouldStop() { throw ReplayInterrupted() }
            try beforeOtherSnapshots()
            // Unless every link matched, the chain is recomputed from the start on a thread of its
            // own, to say where it breaks, while the checks below run; the thread ends before the
            // snapshot does, also when a check throws.
            let recheck = try startChainCheck(replayed, ledger, expected: expected, releasing: region, shouldStop: shouldStop)
            var rechecked = false
            defer { if let recheck, !rechecked { _ = try? recheck.thread.wait() } }
            var differences = replayed.problems.map { "log: \($0)" }
            differences += try runSharedChecks(replayed, lagging, ledger, releasing: region, knowing: leaves)
            differences += try checkpointDifferences(lagging, headSeq: replayed.headSeq, ledger)
            rechecked = true
            let chain = try chainCheck(
                storedChain, replayed, recheck, expected: expected, ledger, releasing: region, shouldStop: shouldStop)
            return VerifyReport(
                events: replayed.eventCount, orders: replayed.orders.count, differences: chain.problems + differences,
                chain: chain.head, lagging: lagging.checkpoints)
        }
    }

    /// Runs every `SharedCheck` on this thread and another at once. The other thread reads a
    /// snapshot of its own, which counts only if it sees the same commit as `ledger`; if a commit
    /// came between, this thread runs them all. `leaves`: the edges of the leaves walks kept.
    private func runSharedChecks(
        _ replayed: ReplayedLedger, _ lagging: LaggingReadModels, _ ledger: LedgerTransaction,
        releasing region: MappedRegion?, knowing leaves: [String: LeafEdges]
    ) throws -> [String] {
        let queue = CheckQueue(
            SharedCheck.allCases.map { check in
                { try check.run(replayed, lagging, in: $0, releasing: region, knowing: leaves) }
            })
        let snapshot = ledger.txn.snapshot
        let helper = BackgroundThread { [store] in
            do {
                try store.read { other in if other.txn.snapshot == snapshot { queue.run(in: other) } }
            } catch let error as StoreError where error.isMapResized {
                // The data file grew past the map since this snapshot began: a commit came between.
            }
        }
        queue.run(in: ledger)
        try helper.wait()
        let lines = try queue.finish(in: ledger)
        let position = Dictionary(uniqueKeysWithValues: SharedCheck.allCases.enumerated().map { ($1, $0) })
        return SharedCheck.reported.flatMap { lines[position[$0]!] }
    }

    /// Each read model's checkpoint against the log's head (`headSeq`): a lagging one was compared
    /// up to its checkpoint, one beyond the log or unreadable is a difference; and the entries of
    /// `checkpoints` that name no read model.
    private func checkpointDifferences(
        _ lagging: LaggingReadModels, headSeq: UInt64, _ ledger: LedgerTransaction
    ) throws -> [String] {
        var differences: [String] = []
        for name in ReadModelName.allCases where lagging.checkpoints[name] == nil {
            let checkpoint = (try? ledger.checkpoint(name)).map { "at seq \($0)" } ?? "damaged"
            if checkpoint != "at seq \(headSeq)" {
                differences.append("checkpoints: \(name.rawValue) is \(checkpoint), the log at \(headSeq)")
            }
        }
        let strays =
            try ledger.count(\.checkpoints)
            - ReadModelName.allCases.count { (try? ledger.value(\.checkpoints, $0.rawValue)) != nil }
        if strays > 0 {
            differences.append("checkpoints: \(strays) \(strays == 1 ? "entry names" : "entries name") no read model")
        }
        return differences
    }

    /// Starts the chain's check from the start on a thread of its own when the replay did not
    /// confirm every link (`nil` when it did, or the store has no chain), with how far it checks.
    private func startChainCheck(
        _ replayed: ReplayedLedger, _ ledger: LedgerTransaction, expected: ChainDigest?, releasing region: MappedRegion?,
        shouldStop: @escaping @Sendable () -> Bool
    ) throws -> (extent: ChainCheck.Extent, thread: BackgroundThread<ChainCheck>)? {
        guard ledger.hasChain, !replayed.confirmsChain else { return nil }
        let extent = try ChainCheck.Extent(ledger)
        return (extent, ChainCheck.start(store, as: extent, expected: expected, releasing: region, shouldStop: shouldStop))
    }

    /// The chain's head and problems: from the links the replay confirmed, or from `recheck`'s
    /// thread (waited for: call it once), or, without a chain, a problem if a digest was `expected`.
    private func chainCheck(
        _ storedChain: StoredChain?, _ replayed: ReplayedLedger,
        _ recheck: (extent: ChainCheck.Extent, thread: BackgroundThread<ChainCheck>)?, expected: ChainDigest?,
        _ ledger: LedgerTransaction, releasing region: MappedRegion?, shouldStop: @escaping @Sendable () -> Bool
    ) throws -> (head: ChainDigest?, problems: [String]) {
        if let storedChain, replayed.confirmsChain {
            let check = try ChainCheck(confirmed: storedChain, expected: expected, in: ledger)
            return (check.head, check.problems)
        }
        if let recheck {
            let check: ChainCheck
            do {
                check = try recheck.thread.wait()
            } catch let error as StoreError where error.isMapResized {
                // The data file grew past the map before the thread's snapshot began: checked here.
                check = try ChainCheck(
                    ledger, as: recheck.extent, expected: expected, releasing: region, shouldStop: shouldStop)
            }
            return (check.head, check.problems)
        }
        guard expected != nil else { return (nil, []) }
        return (nil, ["chain: this store has no hash chain yet (format \(store.foundFormat ?? 0)); orders upgrade computes it"])
    }
}
