internal import BatchFormats
internal import CMemory
public import LedgerDomain
public import LedgerServices
import Synchronization

/// Applies batch files to a store (SPEC §5): records in file order, each accepted command appended
/// as an event in a durable write transaction that also updates the order, the read models, the
/// batch's record (how far it got and the digest of exactly those bytes) and its rejections.
///
/// A file is read once: the bytes a committed batch covers are hashed to recognise it, the rest
/// are parsed and hashed as they are applied. The store's lock (`StoreLock`) keeps one import or
/// rebuild at a time; validation reads the current state inside each write transaction.
public final class Importer: Sendable {
    private let store: LedgerStore
    private let service: any OrderDeciding
    /// Numbers the writes to a `RejectsOutput`, unique across the files this importer imports, so
    /// that only a retried chunk's write replaces an earlier one.
    private let rejectsWrites = Atomic<Int>(0)
    /// What `orders import` did before it opened the store, until the import of its file takes it.
    private let start: ImportStart?
    /// How every file finds what the store holds (`nil`: chosen for each file by its size, `LookupMode.choose`).
    private let lookups: LookupMode?

    /// `start`: the first file opened, the lock taken and the read models caught up before
    /// `store` was opened (`ImportStart`).
    public convenience init(store: LedgerStore, service: any OrderDeciding = OrderService(), start: ImportStart? = nil) {
        self.init(store: store, service: service, start: start, lookups: nil)
    }

    /// `lookups`: how every file finds what the store holds, whatever its size (tests).
    init(store: LedgerStore, service: any OrderDeciding = OrderService(), start: ImportStart? = nil, lookups: LookupMode?) {
        self.store = store
        self.service = service
        self.start = start
        self.lookups = lookups
        // The reading, preparing and writing threads hand each other buffers of up to a few MiB
        // per chunk; with glibc's moving thresholds malloc keeps them long after, and fixed ones
        // lower the peak resident memory for the same CPU.
        cmemory_bound_heap()
    }

    /// Imports one file. `file` is the path as given (`-`: standard input). The rejections of
    /// each chunk go to `rejects` before the chunk commits; a resumed import first writes those
    /// its earlier runs committed, and a file already imported writes its rejections again. A
    /// bad file gives a summary with `fileError`; a store failure throws, and so does a stop asked for
    /// by `options.shouldStop` (`ImportInterrupted`, checked between batches of up to 2,048 records).
    public func importFile(
        _ file: String,
        options: ImportOptions = ImportOptions(),
        rejects: (any RejectsOutput)? = nil,
        progress: (ImportTick) -> Void = { _ in }
    ) throws -> ImportSummary {
        var summary = ImportSummary(file: file)
        let handed = start?.take(for: file)
        let batch: BatchFile
        let reader: any BatchReader
        do {
            (batch, reader) = try handed?.opened.get() ?? Self.open(file, options: options)
        } catch let error as BatchFileError {
            summary.fileError = error.message
            return summary
        }
        let origin = (position: reader.position, hash: reader.consumedBatchHash().hash)
        let (lock, importedByOther) = try takeLock(for: batch, format: reader.format, held: handed?.lock, options: options)
        if let failure = handed?.failure { throw failure }
        defer { withExtendedLifetime(lock) {} }
        do {
            try LegacyImports.adopt(batch, file: file, format: reader.format, origin: origin.position, in: store)
        } catch let error as BatchFileError {
            summary.fileError = error.message
            return summary
        }
        while true {
            let found: BatchMatch
            do {
                found = try match(batch, format: reader.format)
            } catch let error as BatchFileError {
                summary.fileError = error.message
                return summary
            }
            guard
                let point = try startingPoint(
                    of: found, origin: origin, format: reader.format, file: file, options: options,
                    rejects: rejects, importedByOther: importedByOther, summary: &summary)
            else { return summary }
            guard
                let outcome = try apply(
                    batch, file: file, reader: reader, state: point.state, number: point.number, hash: point.hash,
                    options: options, rejects: rejects, progress: progress)
            else { continue }  // another importer moved this batch on: look the file up again
            Self.record(outcome, in: &summary)
            return summary
        }
    }

    /// Takes the store's lock for the import of `batch`: the one `orders import` took before it
    /// opened the store, or else a free one, or else waits for it as `options` say. `importedByOther`:
    /// the import waited, and the file was not imported before it did (so an import it waited for
    /// may have imported it, and reported its records and rejections).
    private func takeLock(
        for batch: BatchFile, format: RecordFormat, held: StoreLock?, options: ImportOptions
    ) throws -> (lock: StoreLock, importedByOther: Bool) {
        if let held { return (held, false) }
        if let free = try? StoreLock(directory: store.path, role: "import", limit: 0, notice: { _ in }) {
            return (free, false)
        }
        let before = try? match(batch, format: format)
        let lock = try StoreLock(directory: store.path, role: "import", limit: options.waitLimit, notice: options.notice)
        if case .imported = before { return (lock, false) }
        return (lock, true)
    }

    /// Where the import of a file `found` in the store starts: the batch's record to go on from,
    /// its number when the store holds it already, and the digest so far. `nil` when there is
    /// nothing to apply, and `summary` says why: the file was imported (its stored rejections
    /// written to `rejects` again, unless `importedByOther`: the import it waited for wrote them),
    /// or it extends a batch whose last line may have been cut short. A resumed import first writes
    /// the rejections its earlier runs committed.
    private func startingPoint(
        of found: BatchMatch, origin: (position: BatchPosition, hash: BatchHash), format: RecordFormat, file: String,
        options: ImportOptions, rejects: (any RejectsOutput)?, importedByOther: Bool,
        summary: inout ImportSummary
    ) throws -> (state: StoredBatch, number: UInt64?, hash: BatchHash)? {
        switch found {
        case .imported(let number, let imported):
            summary.records = imported.chainRecords
            summary.alreadyImported = true
            if !importedByOther, let rejects {
                let stored = try store.read { ledger in
                    try ledger.chain(of: number).flatMap { try ledger.rejections(batch: $0.number) }
                }
                try rejects.write(stored.map { $0.record(file: file) }, chunk: nextRejectsWrite())
            }
            // Read models that another import left behind the log show it all when this returns.
            try catchUp(options, file, committed: imported, why: Self.unfinished)
            return nil
        case .extendsCutLine(let earlier):
            summary.fileError =
                "the file extends an imported batch whose last line (line \(earlier.next.line)) had no line end, "
                + "so that line may have been read cut short; nothing was imported (orders rejects lists that batch's rejections)"
            return nil
        case .new:
            return (StoredBatch(format: format, start: origin.position, hash: origin.hash), nil, origin.hash)
        case .continues(let earlierNumber, let earlier, let earlierHash):
            var state = StoredBatch(format: format, start: earlier.next, hash: earlierHash)
            state.parent = earlierNumber
            state.chainRecords = earlier.chainRecords
            summary.continuedAfterLine = state.continuedAfterLine
            return (state, nil, earlierHash)
        case .resumes(let resumed, let stored, let storedHash):
            if stored.records > 0 { summary.resumedFromLine = stored.next.line }
            summary.continuedAfterLine = stored.continuedAfterLine
            if let rejects {
                let earlier = try store.read { try $0.rejections(batch: resumed) }
                try rejects.write(earlier.map { $0.record(file: file) }, chunk: nextRejectsWrite())
            }
            return (stored, resumed, storedHash)
        }
    }

    /// Puts what the import of the file's records ended with into `summary`.
    private static func record(_ outcome: Result<ImportOutcome, CommittedFileError>, in summary: inout ImportSummary) {
        switch outcome {
        case .failure(let error):
            summary.fileError = error.message
            if let committed = error.committed {
                summary.fileError! +=
                    "; the records before line \(committed.next.line) were committed, and importing the complete file continues after them"
            }
        case .success(let final):
            summary.records = final.batch.records
            summary.rejected = final.batch.rejected
            summary.duplicates = final.batch.duplicates
            summary.rolledBack = final.rolledBack
            if !final.rolledBack {  // SPEC §9: a rolled-back import applied nothing
                summary.accepted = final.batch.accepted
                summary.firstSeq = final.batch.firstSeq == 0 ? nil : final.batch.firstSeq
                summary.lastSeq = final.batch.lastSeq == 0 ? nil : final.batch.lastSeq
            }
        }
    }

    private func nextRejectsWrite() -> Int { rejectsWrites.add(1, ordering: .relaxed).newValue }

    /// Opens `file` (`-`: standard input) and reads its header, in the format `options` names or
    /// else the one its name ends with.
    static func open(_ file: String, options: ImportOptions) throws -> (batch: BatchFile, reader: any BatchReader) {
        let batch = try BatchFile(path: file)
        guard let format = options.format ?? RecordFormat(fileName: file) else {
            throw BatchFileError(
                "cannot tell the format from the file name; name it .csv, .jsonl or .ndjson, or pass --input-format csv|jsonl"
            )
        }
        let reader: any BatchReader =
            switch format {
            case .csv: try CSVReader(descriptor: batch.descriptor, limit: batch.limit, digest: BatchHash())
            case .jsonl: try JSONLinesReader(descriptor: batch.descriptor, limit: batch.limit, digest: BatchHash())
            }
        return (batch, reader)
    }

    /// How the file relates to the store's batches.
    private func match(_ batch: BatchFile, format: RecordFormat) throws -> BatchMatch {
        let candidates = try store.read { try $0.batchCandidates(format: format, head: batch.head, size: batch.size) }
        return try BatchMatch.find(batch, candidates: candidates)
    }

    /// Applies the batch's records after `state` in chunks. `nil` when another importer moved the
    /// batch's record meanwhile; a file error after some chunks committed says how far they got.
    private func apply(
        _ batch: BatchFile, file: String, reader: any BatchReader, state initial: StoredBatch, number firstNumber: UInt64?,
        hash: BatchHash, options: ImportOptions, rejects: (any RejectsOutput)?, progress: (ImportTick) -> Void
    ) throws -> Result<ImportOutcome, CommittedFileError>? {
        var state = initial
        var number = firstNumber
        try catchUp(options, file, committed: state, why: Self.unfinished, first: true)
        let storedOrders = try store.read { try $0.count(\.orderNames) }
        let lookups =
            self.lookups
            ?? LookupMode.choose(
                bytesLeft: batch.size - min(batch.size, state.next.offset), format: reader.format, storedOrders: storedOrders)
        let identifiers = ImportIdentifiers(lookups: lookups)
        // A record takes well over 32 bytes, an order at least one record; point-wise, the stored
        // orders' numbers too (their states are met one by one, on pages only touched then).
        let expectedOrders = Int(min(batch.size / 32, 1 << 26)) + (lookups == .pointwise ? storedOrders : 0)
        let orders = OrderStates(expectedOrders: expectedOrders, lookups: lookups)
        let rows = ReadModelCache(lookups: lookups)
        let commands = CommandIndex(lookups: lookups)
        commands.expectedClaims = state.expectedClaims(inFileOf: batch.size)
        commands.claimsBound = state.mostClaims(inFileOf: batch.size)
        commands.fileSize = batch.size
        let decoder = CommandDecoder(format: reader.format)
        let applier = ChunkApplier(service: service, identifiers: identifiers, orders: orders, commands: commands)
        var pipeline: RecordPipeline?
        defer { pipeline?.stop() }
        // Stopped first: it reads from the pipeline.
        var preparing: ChunkPreparingThread?
        defer { preparing?.stop() }
        var folding: ReadModelFoldingThread?
        defer { folding?.stop() }
        let position = state.next
        var indexUpdate: CommandSlotsUpdate?
        do {
            while !state.finished {
                try Self.stopIfAsked(options, file, committed: state)
                let writer = ChunkWriter(
                    batch: batch, file: file, number: number, rejects: rejects, chunk: nextRejectsWrite(), rows: rows)
                let outcome: CommittedChunk
                if options.atomic {
                    // One transaction for the whole file, which holds about 3.5 bytes per byte of
                    // the file; a retry reads the file again from the start.
                    try store.makeRoom(for: 4 * Int(batch.size - min(batch.size, position.offset)))
                    outcome = try store.write { ledger in
                        try reader.seek(to: position, hashed: hash)
                        let whole = RecordPipeline(reader: reader, decoder: decoder)
                        defer { whole.stop() }
                        let head = try ledger.headSeq()
                        var noSpare: PreparedChunk?
                        var prepared = try applier.prepare(
                            ledger, firstSeq: head + 1, visibleHead: head, after: state, earlier: [], reusing: &noSpare,
                            releasing: store.mappedRegion()
                        ) {
                            try Self.stopIfAsked(options, file, committed: state)
                            return try whole.next()
                        }
                        prepared.commandSlots = commands.storedTableUpdate()
                        try rows.fold(prepared.changes, after: head, in: ledger)
                        return try writer.write(prepared, to: ledger, after: state, atomic: true, releasing: store.mappedRegion())
                    }
                } else {
                    if preparing == nil {
                        folding = ReadModelFoldingThread(store: store, rows: rows)
                        try reader.seek(to: position, hashed: hash)
                        pipeline = RecordPipeline(
                            reader: reader, decoder: decoder, batchSize: min(2_048, max(1, options.chunkSize)))
                        preparing = ChunkPreparingThread(
                            store: store, applier: applier, records: pipeline!, after: state,
                            chunkSize: max(1, options.chunkSize),
                            shouldStop: options.shouldStop)
                    }
                    guard var prepared = try preparing!.next() else { preconditionFailure("the chunks ended before the batch") }
                    try folding!.fold(prepared.changes, after: prepared.firstSeq - 1)
                    if prepared.progress.finished {
                        // The last chunk, which writes back the read models (the import's peak of
                        // memory): the preparing thread is done, and the write needs neither the
                        // id tables nor the command ids (the chunk holds its own).
                        preparing!.stop()
                        if prepared.readModels != nil {
                            // The ids it named are sorted for their `…_ids` on the other core while
                            // this chunk is written.
                            let mapped = try store.read { ledger in try Self.mappedIDs(in: ledger) }
                            prepared.readModels?.sortedIDs = SortedNewIDs(identifiers.handOver(), mapped: mapped)
                        } else {
                            identifiers.release()
                        }
                        // The command index goes to the store in a commit of its own after this
                        // chunk's, its slots out of memory meanwhile: not beside the write-back.
                        indexUpdate = commands.storedTableUpdate()
                        commands.release()
                        indexUpdate?.spill(in: store.path)
                        try folding!.finish()
                    }
                    try Self.stopIfAsked(options, file, committed: state)
                    let growthLock = GrowthLocks(locks: [preparing!.growthLock, folding!.growthLock])
                    try store.makeRoom(for: 0, growthLock: growthLock)
                    outcome = try store.write(growthLock: growthLock) { ledger in
                        try writer.write(prepared, to: ledger, after: state, atomic: false, releasing: store.mappedRegion())
                    }
                }
                FaultInjection.reach(.afterCommit)
                if let update = indexUpdate {
                    indexUpdate = nil
                    try updateCommandIndex(update, growthLock: GrowthLocks(locks: [preparing!.growthLock, folding!.growthLock]))
                }
                state = outcome.batch
                number = outcome.number
                if options.atomic { applier.handedOn(head: outcome.head) }
                // The pages the chunk read stay in the page cache; dropping them from this process's
                // map keeps its resident memory to one chunk's pages, whatever the store's size.
                store.mappedRegion()?.releasePages()
                progress(ImportTick(file: file, records: state.records, bytesDone: state.next.offset, bytesTotal: batch.size))
            }
        } catch let rollback as AtomicRollback {
            try rejects?.write(rollback.rejected, chunk: nextRejectsWrite())
            return .success(ImportOutcome(batch: rollback.progress, rolledBack: true))
        } catch is ConcurrentImport {
            return nil
        } catch is StopRequested {
            throw Self.interruption(file, committed: state)
        } catch let error as BatchFileError {
            // The chunks committed before the file went wrong stay, and the read models show them
            // now (if this fails, the next import or rebuild brings them up: the file's error is
            // the one to tell).
            if number != nil { try? catchUp(options, file, committed: state, why: "(this import stopped at its file's error)") }
            return .failure(CommittedFileError(message: error.message, committed: number == nil ? nil : state))
        }
        return .success(ImportOutcome(batch: state, rolledBack: false))
    }

    /// How many ids each `…_ids` database maps, by the read model that names them.
    private static func mappedIDs(in ledger: LedgerTransaction) throws -> [ReadModelName: Int] {
        var mapped: [ReadModelName: Int] = [:]
        for model in ReadModelName.allCases {
            if let (_, ids) = LedgerTransaction.idDatabases(of: model) { mapped[model] = try ledger.count(ids) }
        }
        return mapped
    }

    /// Brings the command index the store keeps up to the log's head, in a commit of its own after
    /// the import's last chunk's. Killed before it commits, the import leaves the index behind the
    /// log, as one killed before its last chunk does: verify accepts it, and the next import reads
    /// past it in `commands` or makes it again. Slots spilled to a file that cannot be read back
    /// leave it so too.
    private func updateCommandIndex(_ update: CommandSlotsUpdate, growthLock: GrowthLocks) throws {
        defer { update.release() }
        FaultInjection.reach(.beforeCommandIndex)
        do {
            try store.write(growthLock: growthLock) { ledger in
                guard try update.apply(to: ledger, head: ledger.headSeq()) else {
                    throw StoredCommandSlots.Unusable(reason: "the spilled slots could not be read back")
                }
            }
        } catch is StoredCommandSlots.Unusable {}
    }

    /// Rebuilds the read models that lag behind the log: an import writes them back only with its
    /// last chunk (`PendingReadModels`), so one that did not get there (killed, crashed, a store
    /// error) left them at their checkpoint while the log went on. The import's tables read orders
    /// and rows from the store, so they must be up to date first. A stop asked for meanwhile ends
    /// the import as interrupted (`committed`: what the store holds of `file`).
    /// `why` the read models may lag, for the notice; `first`: before this import's own records.
    private func catchUp(
        _ options: ImportOptions, _ file: String, committed: StoredBatch, why: String, first: Bool = false
    ) throws {
        do {
            _ = try Self.rebuildLagging(store, options, why: why, first: first)
        } catch is ReplayInterrupted {
            throw Self.interruption(file, committed: committed)
        }
    }

    /// Rebuilds the read models of `store` that lag behind its log, or whose counts say they were
    /// damaged (`ReadModelCounts`), saying so through `options.notice`; whether any was rebuilt.
    /// Throws `ReplayInterrupted` when asked to stop.
    static func rebuildLagging(_ store: LedgerStore, _ options: ImportOptions, why: String, first: Bool) throws -> Bool {
        let (head, checkpoints, miscounted) = try store.read { ledger in
            let head = try ledger.headSeq()
            return (
                head, try ReadModelName.allCases.map { ($0, try ledger.checkpoint($0)) },
                try ReadModelCounts.miscounted(in: ledger, head: head)
            )
        }
        let lagging = checkpoints.filter { $0.1 < head }.map(\.0)
        guard !lagging.isEmpty || !miscounted.isEmpty else { return false }
        // A stop asked for during a catch-up already announced (`ImportStart`'s) is not announced again.
        if options.shouldStop() { throw ReplayInterrupted() }
        let names = { (names: [ReadModelName]) in names.map(\.rawValue).joined(separator: ", ") + (first ? " first" : "") }
        if let oldest = checkpoints.filter({ $0.1 < head }).map(\.1).min() {
            options.notice("the read models are at seq \(oldest) and the log at \(head) \(why): rebuilding " + names(lagging))
        }
        for (name, problem) in miscounted {
            options.notice("the \(name.rawValue) read model \(problem) (the store was damaged): rebuilding \(names([name]))")
        }
        _ = try Rebuilder(store: store).rebuild(Set(lagging + miscounted.map(\.name)), shouldStop: options.shouldStop)
        return true
    }

    /// Why read models found behind the log at an import's start lag.
    static let unfinished = "(an earlier import did not finish)"

    /// Throws `ImportInterrupted` when `options.shouldStop` asks for it; `committed` is what the
    /// store holds of this file.
    private static func stopIfAsked(_ options: ImportOptions, _ file: String, committed: StoredBatch) throws {
        if options.shouldStop() { throw interruption(file, committed: committed) }
    }

    /// The stop of an import of `file`, of which the store holds `committed`.
    private static func interruption(_ file: String, committed: StoredBatch) -> ImportInterrupted {
        let anyCommitted = committed.records > 0 || committed.parent != 0
        return ImportInterrupted(file: file, committedLines: anyCommitted ? committed.next.line - 1 : 0)
    }
}

extension Importer: BatchImporting {}
