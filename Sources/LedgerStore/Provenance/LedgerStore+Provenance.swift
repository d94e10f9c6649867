internal import LMDB
internal import LedgerDomain
public import LedgerServices

/// `orders batches` and `orders blame` (SPEC §11): read from the batch records and provenance
/// databases in one snapshot; neither replays the log.
extension LedgerStore {
    /// Every batch the store holds, in the order they were first committed (their numbers).
    public func batches() throws -> [BatchRow] {
        try read { ledger in
            guard let batches = ledger.batchDatabases?.batches else { return [] }
            var numbers: [UInt64] = []
            try ledger.txn.withCursor(batches) { cursor in
                for entry in cursor.entries() { numbers.append(BigEndianKey64.decode(entry.key)) }
            }
            return try numbers.map { number in
                guard let batch = try ledger.batch(number) else {
                    throw StoreError.corrupt("batches: batch \(number) has no record")
                }
                let file = try ledger.batchFile(number)
                return BatchRow(
                    number: number, digest: DigestText.hex(batch.digest), file: file?.file, format: batch.format,
                    records: batch.records, accepted: batch.accepted, rejected: batch.rejected,
                    duplicates: batch.duplicates, firstSeq: batch.firstSeq == 0 ? nil : batch.firstSeq,
                    lastSeq: batch.lastSeq == 0 ? nil : batch.lastSeq, finished: batch.finished,
                    importedAt: file?.committedAt, continuedAfterLine: batch.continuedAfterLine)
            }
        }
    }

    /// The events of order `id` in seq order (those of `moment` when given), each with the file,
    /// line, batch digest and command id of the record that made it; `nil` when there is no such
    /// order (or none as of `moment`). Walks only the order's stream.
    public func blame(_ id: String, asOf moment: AsOf? = nil) throws -> [BlameEntry]? {
        guard let orderID = OrderID(id) else { return nil }
        return try read { ledger in
            guard let latest = try ledger.latestEvent(of: orderID) else { return nil }
            var batches: [UInt64: (digest: String, file: String?)] = [:]
            var entries: [BlameEntry] = []
            for (seq, event) in try ledger.stream(of: latest.number, latest: latest.seq)
            where moment?.includes(seq: seq, at: event.at) ?? true {
                var source: (digest: String, file: String?, line: Int)?
                if let made = try ledger.provenance(ofSeq: seq) {
                    if batches[made.batch] == nil {
                        guard let batch = try ledger.batch(made.batch) else {
                            throw StoreError.corrupt("provenance: seq \(seq) names batch \(made.batch), which has no record")
                        }
                        batches[made.batch] = (DigestText.hex(batch.digest), try ledger.batchFile(made.batch)?.file)
                    }
                    source = (batches[made.batch]!.digest, batches[made.batch]!.file, made.line)
                }
                entries.append(
                    BlameEntry(
                        seq: seq, version: event.version, kind: event.kind, at: event.at, file: source?.file,
                        line: source?.line, batch: source?.digest,
                        commandID: try ledger.commandID(at: seq).map { String(decoding: $0, as: UTF8.self) }))
            }
            return entries.isEmpty ? nil : entries
        }
    }

    /// Where every event came from, one line per seq (`seq batch line`), then each batch's file:
    /// the same for one history however its imports were split into commits, interrupted and
    /// resumed (the commit times are left out). For comparing stores in tests.
    public func provenanceDump() throws -> [String] {
        try read { ledger in
            guard let databases = ledger.provenanceDatabases else { return [] }
            var lines: [String] = []
            try ledger.txn.withCursor(databases.provenance) { cursor in
                for entry in cursor.entries(from: BigEndianKey64(1)) {
                    let first = BigEndianKey64.decode(entry.key)
                    let run = try ProvenanceRun(decoding: entry.value, firstSeq: first)
                    for (index, line) in run.lines.enumerated() {
                        lines.append("provenance \(first + UInt64(index)) \(run.batch) \(line)")
                    }
                }
            }
            try ledger.txn.withCursor(databases.batchFiles) { cursor in
                for entry in cursor.entries() {
                    let number = BigEndianKey64.decode(entry.key)
                    lines.append("batch \(number) \(try BatchFileRecord(decoding: entry.value, number: number).file)")
                }
            }
            return lines
        }
    }
}
