internal import LMDB
internal import LedgerServices

/// Works out an import's chunks on a thread of its own (`ChunkApplier.prepare`), one chunk ahead of
/// the caller, who writes and commits them (`ChunkWriter`): so chunk N+1's records are applied in
/// memory while chunk N's LMDB writes and commit run, and both cores are busy.
///
/// The thread reads the store in a snapshot of its own for each chunk, holding `growthLock` while
/// it is open; the caller passes that lock to whatever may grow the map. A chunk handed on is
/// trusted by the import's tables: when the caller does not commit it, the caller must stop and
/// drop the tables (they are one `Importer.apply` call's).
// Safe: `ready`, `running` and `stopping` are read and written only with `condition` held; the
// tables and the pipeline belong to the thread until `stop()` returns.
final class ChunkPreparingThread: @unchecked Sendable {
    /// Held while the thread's snapshot is open.
    let growthLock = Condition()
    private let condition = Condition()
    private var ready: [Result<PreparedChunk, any Error>] = []
    private var running = true
    private var stopping = false

    /// Starts preparing the chunks of `records` (read after `initial`, the batch's record as
    /// committed) of about `chunkSize` records each; `shouldStop` is asked before each parsed batch.
    init(
        store: LedgerStore, applier: ChunkApplier, records: RecordPipeline, after initial: StoredBatch, chunkSize: Int,
        shouldStop: @escaping @Sendable () -> Bool
    ) {
        // Safe: the tables and the pipeline are handed to the thread: the caller does not touch them until `stop()` returns.
        nonisolated(unsafe) let applier = applier
        DetachedThread.start(name: "orders-prepare") { [self] in
            prepare(
                store: store, applier: applier, records: records, after: initial, chunkSize: chunkSize, shouldStop: shouldStop)
        }
    }

    deinit { stop() }

    /// The next prepared chunk, waiting for it if needed; `nil` after the batch's last chunk. Throws
    /// what stopped the preparing (`StopRequested` for a stop asked for).
    func next() throws -> PreparedChunk? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty, running { condition.wait() }
        guard !ready.isEmpty else { return nil }
        let chunk = ready.removeFirst()
        condition.broadcast()
        return try chunk.get()
    }

    /// Whether `stop()` was called (asked once per parsed batch).
    private var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    /// Stops the thread and waits until it no longer touches the store, the tables or the pipeline.
    func stop() {
        condition.change({ stopping = true }, thenWaitUntil: { !running })
    }

    private func prepare(
        store: LedgerStore, applier: ChunkApplier, records: RecordPipeline, after initial: StoredBatch, chunkSize: Int,
        shouldStop: @Sendable () -> Bool
    ) {
        defer {
            condition.lock()
            running = false
            condition.broadcast()
            condition.unlock()
        }
        var progress = initial
        var firstSeq: UInt64?
        var earlier: [PreparedChunk] = []
        // The latest chunk known committed: the next chunk fills its arrays.
        var spare: PreparedChunk?
        // The batch last applied, handed back when the next one is taken.
        var applied: ParsedBatch?
        while !progress.finished {
            let outcome = Result<PreparedChunk, any Error> {
                growthLock.lock()
                defer { growthLock.unlock() }
                let prepared = try store.read { ledger in
                    let visible = try ledger.headSeq()
                    while let first = earlier.first, first.lastSeq <= visible { spare = earlier.removeFirst() }
                    // Whole parsed batches adding up to at least `chunkSize` records, or up to the
                    // file's end, each dropped once applied.
                    var taken = 0
                    return try applier.prepare(
                        ledger, firstSeq: firstSeq ?? visible + 1, visibleHead: visible, after: progress, earlier: earlier,
                        reusing: &spare, releasing: store.mappedRegion()
                    ) {
                        guard taken < chunkSize else { return nil }
                        if shouldStop() || isStopping { throw StopRequested() }
                        if let applied { records.recycle(applied) }
                        applied = try records.next()
                        taken += applied?.records.count ?? 0
                        return applied
                    }
                }
                applier.handedOn(head: prepared.lastSeq)
                return prepared
            }
            if case .success(let prepared) = outcome {
                progress = prepared.progress
                firstSeq = prepared.lastSeq + 1
                earlier.append(prepared)
            }
            // Handed over, not queued: the next chunk starts once the caller took this one, so that
            // at most two chunks (one written, one prepared) are held at a time.
            condition.lock()
            ready.append(outcome)
            condition.broadcast()
            while !ready.isEmpty, !stopping { condition.wait() }
            let stopped = stopping
            condition.unlock()
            if stopped { return }
            if case .failure = outcome { return }
        }
    }
}

/// A stop was asked for while the chunks were being prepared.
struct StopRequested: Error {}

extension Condition: MapGrowthLocking {}
