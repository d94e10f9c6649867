internal import LedgerDomain
internal import LedgerServices

/// Applies parsed records of one batch in a write transaction. `apply` may be re-run (the
/// environment retries after growing the map): it keeps its own state local, and the shared
/// `rows` cache starts over whenever a chunk begins at a head it did not commit.
struct ChunkRun {
    let batch: BatchFile
    let file: String
    let service: any OrderDeciding
    let known: KnownIdentifiers
    let rows: ReadModelCache

    /// Applies the records of the batches `next` yields, after `before`. Marks the import
    /// finished when the last batch of the file is applied.
    func apply(
        _ ledger: LedgerTransaction, from before: ImportProgress, atomic: Bool, next: () throws -> ParsedBatch?
    ) throws -> ChunkOutcome {
        if let stored = try ledger.importProgress(batch.digest), stored != before {
            throw ConcurrentImport(progress: stored)
        }
        var progress = before
        var rejected: [RejectedRecord] = []
        let firstSeq = try ledger.headSeq() + 1
        var seq = firstSeq
        rows.begin(ledger, head: firstSeq - 1)
        var log = ChunkLog(ledger: ledger, rows: rows, known: known)
        func reject(_ record: ParsedRecord, _ rejection: Rejection) {
            progress.rejected += 1
            rejected.append(
                RejectedRecord(
                    file: file, line: record.line, rejection: rejection,
                    raw: batch.bytes(at: record.rawOffset, count: record.rawLength)))
        }
        while let parsed = try next() {
            for record in parsed.records {
                progress.records += 1
                switch record.outcome {
                case .failure(let rejection):
                    reject(record, rejection)
                case .success(let command):
                    switch try CommandApplication.apply(command, seq: seq, to: &log, service: service) {
                    case .duplicate:
                        progress.duplicates += 1
                    case .rejected(let rejection):
                        reject(record, rejection)
                    case .accepted:
                        progress.accepted += 1
                        if progress.firstSeq == 0 { progress.firstSeq = seq }
                        progress.lastSeq = seq
                        seq += 1
                    }
                }
            }
            progress.next = parsed.end
            progress.finished = parsed.isLast
        }
        FaultInjection.reach(.afterLogAppend)
        try log.flush()
        if seq > firstSeq { try rows.flush(checkpoint: seq - 1) }
        if atomic, progress.rejected > 0 { throw AtomicRollback(progress: progress, rejected: rejected) }
        try ledger.putImportProgress(batch.digest, progress)
        FaultInjection.reach(.beforeCommit)
        return ChunkOutcome(progress: progress, rejected: rejected, learned: log.learned, head: seq - 1)
    }
}
