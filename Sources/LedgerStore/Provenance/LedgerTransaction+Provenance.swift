internal import LMDB
internal import LedgerDomain

/// Provenance (store format 7): which batch and line made each event, and each batch's file and
/// time. Read only by `orders batches`, `orders blame` and `orders verify`.
extension LedgerTransaction {
    /// The provenance databases; `nil` in a store older than format 7 opened read-only.
    var provenanceDatabases: ProvenanceDatabases? { databases.provenance }

    /// Records that provenance starts after the events and batches the store holds now (a new
    /// store: at seq 1 and batch 1).
    func startProvenance() throws {
        guard let databases = provenanceDatabases else { throw StoreError.corrupt("the store has no provenance") }
        let start = ProvenanceStart(firstSeq: try headSeq() + 1, firstBatch: try nextBatchNumber())
        try txn.put(databases.provenance, BigEndianKey64(0), reserving: ProvenanceStart.size) { start.encode(into: $0) }
    }

    /// Where provenance starts; `nil` in a store older than format 7.
    func provenanceStart() throws -> ProvenanceStart? {
        guard let databases = provenanceDatabases else { return nil }
        guard let bytes = try txn.get(databases.provenance, BigEndianKey64(0)) else {
            throw StoreError.corrupt(
                "the provenance entry that says where it starts is lost (orders verify lists the damage)")
        }
        return try ProvenanceStart(decoding: bytes)
    }

    /// Appends the provenance of the events from `firstSeq` on, made by batch `batch` from the
    /// records at `lines` (one per event), in runs of at most `ProvenanceRun.maximumEvents`.
    func appendProvenance(batch: UInt64, firstSeq: UInt64, lines: [Int]) throws {
        guard let databases = provenanceDatabases else { throw StoreError.corrupt("the store has no provenance") }
        var start = 0
        while start < lines.count {
            let end = min(lines.count, start + ProvenanceRun.maximumEvents)
            let seq = firstSeq + UInt64(start)
            let run = ProvenanceRun(batch: batch, lines: Array(lines[start..<end]))
            try txn.put(databases.provenance, BigEndianKey64(seq), run.encoded(firstSeq: seq), flags: .append)
            start = end
        }
    }

    /// The batch and line that made the event at `seq`; `nil` when provenance does not cover it
    /// (an event logged before the store kept provenance, or a store older than format 7).
    func provenance(ofSeq seq: UInt64) throws -> (batch: UInt64, line: Int)? {
        guard let databases = provenanceDatabases, seq > 0 else { return nil }
        return try txn.withCursor(databases.provenance) { cursor in
            // The run holding `seq` is the last one starting at or before it.
            var entry = try cursor.seek(atLeast: BigEndianKey64(seq))
            if let found = entry {
                if BigEndianKey64.decode(found.key) != seq { entry = try cursor.previous() }
            } else {
                entry = try cursor.last()
            }
            guard let entry, entry.key.count == 8 else { return nil }
            let first = BigEndianKey64.decode(entry.key)
            guard first > 0, first <= seq else { return nil }
            let run = try ProvenanceRun(decoding: entry.value, firstSeq: first)
            let index = seq - first
            return index < UInt64(run.lines.count) ? (run.batch, run.lines[Int(index)]) : nil
        }
    }

    /// Stores the file and time of batch `number`'s last commit.
    func putBatchFile(_ number: UInt64, _ record: BatchFileRecord) throws {
        guard let databases = provenanceDatabases else { throw StoreError.corrupt("the store has no provenance") }
        try txn.put(databases.batchFiles, BigEndianKey64(number), record.encoded(number: number))
    }

    /// The file and time of batch `number`; `nil` for a batch recorded before the store kept
    /// provenance.
    func batchFile(_ number: UInt64) throws -> BatchFileRecord? {
        guard let databases = provenanceDatabases,
            let bytes = try txn.get(databases.batchFiles, BigEndianKey64(number))
        else { return nil }
        return try BatchFileRecord(decoding: bytes, number: number)
    }
}
