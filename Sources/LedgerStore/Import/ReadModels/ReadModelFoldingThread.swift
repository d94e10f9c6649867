internal import LMDB

/// Folds an import's read model changes into its rows on a thread of its own, chunk after chunk
/// in the order they are handed on (`fold`), while the chunks are written and committed: the
/// rows are read only by the write-back of the import's last chunk (`finish` waits for them), so
/// the fold's random reads and writes of rows need not lengthen any other thread, and it runs
/// while the writing thread waits for its commits to reach the disk.
///
/// The thread reads rows not held yet in a snapshot of its own for each chunk, holding
/// `growthLock` while it is open. It owns the rows until `finish` or `stop` returns.
// Safe: the queue and the flags are read and written only with `condition` held; the rows belong
// to the thread until `finish()` or `stop()` returns.
final class ReadModelFoldingThread: @unchecked Sendable {
    /// Held while the thread's snapshot is open.
    let growthLock = Condition()
    private let condition = Condition()
    /// The chunks handed on and not folded yet, each with the log's head it follows.
    private var queued: [(changes: ReadModelChanges, head: UInt64)] = []
    private var folding = false
    private var failure: (any Error)?
    private var running = true
    private var stopping = false
    /// Chunks queued at most before `fold` waits (each holds a chunk's changes): the writing
    /// thread waits for the fold only when it is more than a chunk behind (a resumed import's
    /// first chunks load most of their rows from the store).
    static let queueLimit = 2

    /// Starts the thread, which folds into `rows` from snapshots of `store`.
    init(store: LedgerStore, rows: ReadModelCache) {
        // Safe: the rows are handed to the thread: the caller does not touch them until `finish()` or `stop()` returns.
        nonisolated(unsafe) let rows = rows
        DetachedThread.start(name: "orders-fold") { [self] in run(store: store, rows: rows) }
    }

    deinit { stop() }

    /// Hands on the changes of the chunk that follows `head`, waiting while `queueLimit` chunks
    /// are queued. Throws what made an earlier fold fail.
    func fold(_ changes: ReadModelChanges, after head: UInt64) throws {
        condition.lock()
        defer { condition.unlock() }
        while queued.count >= Self.queueLimit, failure == nil { condition.wait() }
        if let failure { throw failure }
        queued.append((changes, head))
        condition.broadcast()
    }

    /// Waits until every chunk handed on is folded; throws what made a fold fail.
    func finish() throws {
        condition.lock()
        defer { condition.unlock() }
        while !queued.isEmpty || folding, failure == nil { condition.wait() }
        if let failure { throw failure }
    }

    /// Stops the thread, dropping what is queued, and waits until it no longer touches the rows.
    func stop() {
        condition.change({ stopping = true }, thenWaitUntil: { !running })
    }

    private func run(store: LedgerStore, rows: ReadModelCache) {
        condition.lock()
        defer {
            running = false
            condition.broadcast()
            condition.unlock()
        }
        while true {
            while queued.isEmpty, !stopping { condition.wait() }
            if stopping { return }
            let (changes, head) = queued.removeFirst()
            folding = true
            condition.unlock()
            let outcome = Result<Void, any Error> {
                growthLock.lock()
                defer { growthLock.unlock() }
                try store.read { try rows.fold(changes, after: head, in: $0, releasing: store.mappedRegion()) }
            }
            condition.lock()
            folding = false
            if case .failure(let error) = outcome {
                failure = error
                condition.broadcast()
                return
            }
            condition.broadcast()
        }
    }
}
