internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// Applies parsed records of one batch in a write transaction. `apply` may be re-run (the
/// environment retries after growing the map): it keeps its own state local, the shared `rows`
/// cache starts over whenever a chunk begins at a head it did not commit, and `commands` drops
/// the claims of a chunk that did not commit.
struct ChunkRun {
    let batch: BatchFile
    let file: String
    /// The batch's record number, `nil` until its first chunk commits (and creates the record).
    let number: UInt64?
    let service: any OrderDeciding
    let identifiers: ImportIdentifiers
    let orders: OrderStates
    let rows: ReadModelCache
    let commands: CommandIndex
    let rejects: (any RejectsOutput)?
    /// Names this chunk's write to `rejects` (the same when the transaction is retried).
    let chunk: Int
    /// How many parsed batches (of up to 2,048 records) apply between drops of the map's pages.
    static let batchesPerRelease = 8

    /// Applies the records of the batches `next` yields, after `before`, and stores the batch's
    /// record, its head key and the rejections with them; the rejections are written to `rejects`
    /// before the transaction commits. Marks the batch finished after its last records. The map's
    /// pages in `region` are dropped every few parsed batches and after each step of writing the
    /// chunk's rows back, so that the pages the chunk reads do not add up in resident memory.
    func apply(
        _ ledger: LedgerTransaction, from before: StoredBatch, atomic: Bool, releasing region: MappedRegion?,
        next: () throws -> ParsedBatch?
    ) throws -> ChunkOutcome {
        let number: UInt64
        if let existing = self.number {
            guard try ledger.batch(existing) == before else { throw ConcurrentImport() }
            number = existing
        } else {
            number = try ledger.nextBatchNumber()
        }
        var progress = before
        var rejected: [StoredRejection] = []
        let firstSeq = try ledger.headSeq() + 1
        var seq = firstSeq
        orders.begin(ledger, head: firstSeq - 1)
        rows.begin(ledger, head: firstSeq - 1)
        commands.begin(ledger, head: firstSeq - 1)
        try identifiers.begin(ledger)
        var log = ChunkLog(
            ledger: ledger, orders: orders, rows: rows, commands: commands, identifiers: identifiers,
            link: try ledger.startChainLink(after: firstSeq - 1))
        var hash: BatchHash?
        var batches = 0
        while let parsed = try next() {
            func reject(_ record: ParsedRecord, _ rejection: Rejection) {
                progress.rejected += 1
                rejected.append(StoredRejection(line: record.line, rejection: rejection, raw: Array(parsed.raw[record.rawRange])))
            }
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
            // A cancel reads its order's placed event, anywhere in the log: keep those pages from
            // adding up, every few parsed batches (each release costs faults on the pages read again).
            batches += 1
            if batches % Self.batchesPerRelease == 0 { region?.releasePages() }
            progress.chainRecords += parsed.records.count
            progress.next = parsed.end
            progress.endsWithLineEnd = parsed.endsWithLineEnd
            progress.finished = parsed.isLast
            hash = parsed.hash
        }
        if let hash { progress.digest = hash.digest }
        FaultInjection.reach(.afterLogAppend)
        try log.flush(releasing: region)
        if seq > firstSeq { try ledger.putChainLink(endingAt: seq - 1, log.link.digest()) }
        if seq > firstSeq { try rows.flush(checkpoint: seq - 1, releasing: region) }
        let records = rejected.map { $0.record(file: file) }
        if atomic, progress.rejected > 0 { throw AtomicRollback(progress: progress, rejected: records) }
        try ledger.putBatch(number, progress, head: batch.head, replacing: self.number == nil ? nil : before)
        for rejection in rejected { try ledger.putRejection(batch: number, rejection) }
        try rejects?.write(records, chunk: chunk)
        FaultInjection.reach(.beforeCommit)
        return ChunkOutcome(number: number, batch: progress, head: seq - 1)
    }
}
