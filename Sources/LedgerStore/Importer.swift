public import LedgerDomain

/// Applies batch files to a store (SPEC §5): records in file order, each accepted command appended
/// as an event in a durable write transaction that also updates the order and the import's progress.
///
/// Validation reads the current state inside the same write transaction, so two importers at once
/// never both spend one balance (LMDB runs one write transaction at a time).
public final class Importer: Sendable {
    private let store: LedgerStore
    private let service: any OrderDeciding

    public init(store: LedgerStore, service: any OrderDeciding = OrderService()) {
        self.store = store
        self.service = service
    }

    /// Imports one file. `file` is the path as given (`-`: standard input). Rejected records go to
    /// `rejected` after the chunk holding them committed. A bad file gives a summary with
    /// `fileError`; a store failure throws, and so does a stop asked for by `options.shouldStop`
    /// (`ImportInterrupted`, checked between batches of up to 2,048 records).
    public func importFile(
        _ file: String,
        options: ImportOptions = ImportOptions(),
        rejected: (RejectedRecord) throws -> Void = { _ in },
        progress: (ImportTick) -> Void = { _ in }
    ) throws -> ImportSummary {
        var summary = ImportSummary(file: file)
        let batch: BatchFile
        let reader: any BatchReader
        do {
            batch = try BatchFile(path: file)
            guard let format = options.format ?? BatchFile.format(ofName: file) else {
                throw BatchFileError("cannot tell the format from the file name; name it .csv, .jsonl or .ndjson, or pass --input-format csv|jsonl")
            }
            reader = switch format {
            case .csv: try CSVReader(descriptor: batch.descriptor)
            case .jsonl: try JSONLinesReader(descriptor: batch.descriptor)
            }
        } catch let error as BatchFileError {
            summary.fileError = error.message
            return summary
        }
        var state = try store.importProgress(digest: batch.digest) ?? ImportProgress(next: reader.position)
        if state.finished {
            summary.records = state.records
            summary.alreadyImported = true
            return summary
        }
        if state.records > 0 { summary.resumedFromLine = state.next.line }
        var known = KnownIdentifiers()
        let rows = ReadModelCache()
        let decoder = CommandDecoder(format: reader.format)
        var pipeline: RecordPipeline?
        defer { pipeline?.stop() }
        while !state.finished {
            let outcome: ChunkOutcome
            do {
                try Self.stopIfAsked(options, file, committed: state)
                let run = ChunkRun(batch: batch, file: file, service: service, known: known, rows: rows)
                if options.atomic {
                    // One transaction for the whole file; a retry reads the file again from the start.
                    outcome = try store.write { ledger in
                        try reader.seek(to: state.next)
                        let whole = RecordPipeline(reader: reader, decoder: decoder)
                        defer { whole.stop() }
                        return try run.apply(ledger, from: state, atomic: true) {
                            try Self.stopIfAsked(options, file, committed: state)
                            return try whole.next()
                        }
                    }
                } else {
                    if pipeline == nil {
                        try reader.seek(to: state.next)
                        pipeline = RecordPipeline(
                            reader: reader, decoder: decoder, batchSize: min(2_048, max(1, options.chunkSize)))
                    }
                    let chunk = try Self.takeChunk(from: pipeline!, records: max(1, options.chunkSize))
                    outcome = try store.write { ledger in
                        var batches = chunk.makeIterator()
                        return try run.apply(ledger, from: state, atomic: false) {
                            try Self.stopIfAsked(options, file, committed: state)
                            return batches.next()
                        }
                    }
                }
            } catch let rollback as AtomicRollback {
                for record in rollback.rejected { try rejected(record) }
                summary.records = rollback.progress.records
                summary.rejected = rollback.progress.rejected
                summary.duplicates = rollback.progress.duplicates
                summary.rolledBack = true
                return summary
            } catch let concurrent as ConcurrentImport {
                // Another importer advanced this content meanwhile: continue from where it got.
                pipeline?.stop()
                pipeline = nil
                state = concurrent.progress
                continue
            }
            FaultInjection.reach(.afterCommit)
            state = outcome.progress
            known.merge(outcome.learned)
            rows.committed(head: outcome.head)
            for record in outcome.rejected { try rejected(record) }
            progress(ImportTick(file: file, records: state.records, bytesDone: state.next.offset, bytesTotal: batch.size))
        }
        summary.records = state.records
        summary.accepted = state.accepted
        summary.rejected = state.rejected
        summary.duplicates = state.duplicates
        summary.firstSeq = state.firstSeq == 0 ? nil : state.firstSeq
        summary.lastSeq = state.lastSeq == 0 ? nil : state.lastSeq
        return summary
    }

    /// Throws `ImportInterrupted` when `options.shouldStop` asks for it; `committed` is what the
    /// store holds of this file.
    private static func stopIfAsked(_ options: ImportOptions, _ file: String, committed: ImportProgress) throws {
        guard options.shouldStop() else { return }
        throw ImportInterrupted(file: file, committedLines: committed.records == 0 ? 0 : committed.next.line - 1)
    }

    /// Whole parsed batches adding up to at least `records` records, or up to the file's end.
    private static func takeChunk(from pipeline: RecordPipeline, records: Int) throws -> [ParsedBatch] {
        var chunk: [ParsedBatch] = []
        var count = 0
        while count < records, let batch = try pipeline.next() {
            chunk.append(batch)
            count += batch.records.count
            if batch.isLast { break }
        }
        return chunk
    }
}
