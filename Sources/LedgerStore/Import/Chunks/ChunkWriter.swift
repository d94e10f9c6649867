internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// Writes a `PreparedChunk` in a write transaction: the events, command ids and new ids appended
/// (with an atomic import's chunk, the command index the store keeps brought up to date),
/// the log's hash chain, the events' provenance, the batch's record with its head key, its file
/// and the time of the commit, and the rejections; with the
/// import's last chunk, the orders and read model rows the import changed and its new ids'
/// `…_ids` entries, written back in key order, and every read model's checkpoint. The rejections
/// also go to `rejects` before the transaction commits. It may run again on the same chunk (the
/// environment retries after growing the map): it changes nothing outside the transaction but
/// `rejects`, whose write `chunk` names.
struct ChunkWriter {
    let batch: BatchFile
    let file: String
    /// The batch's record number, `nil` until its first chunk commits (and creates the record).
    let number: UInt64?
    let rejects: (any RejectsOutput)?
    /// Names this chunk's write to `rejects` (the same when the transaction is retried).
    let chunk: Int
    /// The import's read model rows, the chunk's changes folded in (written back with its last chunk).
    let rows: ReadModelCache

    /// Writes `prepared`, which follows `before` (the batch's record as committed); an atomic
    /// import with a rejection throws `AtomicRollback` instead. The map's pages in `region` are
    /// dropped after each database written back and every few writes within one.
    func write(
        _ prepared: PreparedChunk, to ledger: LedgerTransaction, after before: StoredBatch, atomic: Bool,
        releasing region: MappedRegion?
    ) throws -> CommittedChunk {
        let number: UInt64
        if let existing = self.number {
            guard try ledger.batch(existing) == before else { throw ConcurrentImport() }
            number = existing
        } else {
            number = try ledger.nextBatchNumber()
        }
        let head = try ledger.headSeq()
        guard head + 1 == prepared.firstSeq else { throw ConcurrentImport() }
        var chain = try ChainWriter(ledger, after: head)
        try ledger.appending(to: \.log) { log in
            for seq in prepared.firstSeq..<prepared.lastSeq + 1 {
                try prepared.withEvent(at: seq) {
                    try LedgerTransaction.appendEvent(seq: seq, encoded: $0, to: log, chaining: &chain)
                }
            }
        }
        try ledger.appendProvenance(batch: number, firstSeq: prepared.firstSeq, lines: prepared.lines)
        try appendNames(prepared, to: ledger)
        try prepared.commands.write(to: ledger)
        // An atomic import's: its slots are in memory, never spilled, so it always writes them.
        if let update = prepared.commandSlots { _ = try update.apply(to: ledger, head: prepared.lastSeq) }
        FaultInjection.reach(.afterLogAppend)
        if prepared.eventCount > 0 { try chain.store(in: ledger) }
        if let readModels = prepared.readModels {
            try readModels.write(to: ledger, rows: rows, releasing: region)
            FaultInjection.reach(.beforeCheckpoint)
            for name in ReadModelName.allCases { try ledger.putCheckpoint(name, prepared.lastSeq) }
        }
        let records = prepared.rejected.map { $0.record(file: file) }
        if atomic, prepared.progress.rejected > 0 { throw AtomicRollback(progress: prepared.progress, rejected: records) }
        try ledger.putBatch(number, prepared.progress, head: batch.head, replacing: self.number == nil ? nil : before)
        try ledger.putBatchFile(number, BatchFileRecord(file: file, committedAt: WallClock.now()))
        for rejection in prepared.rejected { try ledger.putRejection(batch: number, rejection) }
        try rejects?.write(records, chunk: chunk)
        FaultInjection.reach(.beforeCommit)
        return CommittedChunk(number: number, batch: prepared.progress, head: prepared.lastSeq)
    }

    /// Appends the chunk's new ids to the `…_names` databases, in number order, each through one
    /// cursor.
    private func appendNames(_ prepared: PreparedChunk, to ledger: LedgerTransaction) throws {
        let kinds: [([(id: String, number: UInt32)], LedgerTransaction.Table)] = [
            (prepared.orderNames, \.orderNames), (prepared.customerNames, \.customerNames), (prepared.skuNames, \.skuNames),
        ]
        for (names, table) in kinds where !names.isEmpty {
            try ledger.appending(to: table) { appender in
                for name in names { try LedgerTransaction.appendID(name.id, number: name.number, to: appender) }
            }
        }
    }
}
