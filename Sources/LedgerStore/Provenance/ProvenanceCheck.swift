internal import LMDB
internal import LedgerDomain

/// What `orders verify` checks of provenance (format 7): where it starts; that its entries pass
/// their checks and cover every seq from there to the log's head once, each naming a batch whose
/// record spans that seq and a line within the batch; that each batch whose events all came
/// after provenance began has one entry per accepted event; and that `batch_files` holds an
/// entry passing its check for every batch recorded since, and none for a batch without a record.
enum ProvenanceCheck {
    // Safe: keys are decoded only where their length was checked; borrowed values are decoded
    // inside the walk.
    static func differences(headSeq: UInt64, _ ledger: LedgerTransaction, releasing region: MappedRegion?) throws -> [String] {
        guard let databases = ledger.provenanceDatabases, let batchDatabases = ledger.batchDatabases else { return [] }
        var found = Differences("provenance")
        var files = Differences("batch_files")
        var batches: [UInt64: StoredBatch] = [:]
        try ledger.txn.withCursor(batchDatabases.batches) { cursor in
            for entry in cursor.entries() where entry.key.count == 8 {
                let number = BigEndianKey64.decode(entry.key)
                // A record that does not decode is named by the check of the batches.
                batches[number] = try? StoredBatch(decoding: entry.value, number: number, checked: ledger.databases.checked)
            }
        }
        var start: ProvenanceStart?
        do {
            start = try ledger.provenanceStart()
        } catch StoreError.corrupt(let detail) {
            found.add("key 0: \(detail)")
        }
        var counted: [UInt64: Int] = [:]
        var expected = start?.firstSeq ?? 0
        let firstKey = [UInt8](repeating: 0, count: 7) + [1]
        // Walked whatever `start` holds, so that its branch keys are checked (`walkCheckingRoutes`).
        let misrouted = try Verifier.walkCheckingRoutes(databases.provenance, ledger, releasing: region) { key, value in
            // Key 0 holds where provenance starts.
            guard start != nil, !key.lexicographicallyPrecedes(firstKey) else { return }
            guard key.count == 8 else { return found.add("key \(Verifier.describe(key)) is not a seq") }
            let seq = BigEndianKey64.decode(key)
            if seq < expected {
                found.add("key \(seq): an entry for seqs an entry before it covers")
            } else if seq > expected {
                found.add(lost(expected, seq - 1))
            }
            let run: ProvenanceRun
            do {
                run = try ProvenanceRun(decoding: value, firstSeq: seq)
            } catch StoreError.corrupt(let detail) {
                found.add("key \(seq): \(detail)")
                expected = max(expected, seq + 1)
                return
            }
            let last = seq + UInt64(run.lines.count) - 1
            if let batch = batches[run.batch] {
                if seq < batch.firstSeq || last > batch.lastSeq {
                    found.add(
                        "key \(seq): seqs \(seq)–\(last) are not within batch \(run.batch)'s \(batch.firstSeq)–\(batch.lastSeq)")
                }
                // Bytes that end without a line end end on their last record's line, where `next` is.
                let end = batch.endsWithLineEnd ? batch.next.line : batch.next.line + 1
                if run.lines.first! < batch.start.line || run.lines.last! >= end {
                    found.add("key \(seq): lines \(run.lines.first!)–\(run.lines.last!) are not within batch \(run.batch)")
                }
            } else {
                found.add("key \(seq): names batch \(run.batch), which has no record")
            }
            counted[run.batch, default: 0] += run.lines.count
            expected = max(expected, last + 1)
        }
        if let start {
            if expected <= headSeq {
                found.add(lost(expected, headSeq))
            } else if expected > headSeq + 1 {
                found.add("entries name seqs \(headSeq + 1)–\(expected - 1), past the log's head")
            }
            for (number, batch) in batches.sorted(by: { $0.key < $1.key }) {
                let count = counted[number] ?? 0
                let whole = batch.firstSeq >= start.firstSeq || batch.firstSeq == 0
                if whole ? count != batch.accepted : count > batch.accepted {
                    found.add("batch \(number) has \(count) events with an entry, its record counts \(batch.accepted) accepted")
                }
            }
        }
        var filed: Set<UInt64> = []
        try ledger.txn.withCursor(databases.batchFiles) { cursor in
            for entry in cursor.entries() {
                guard entry.key.count == 8 else {
                    files.add("key \(Verifier.describe(entry.key)) is not a batch number")
                    continue
                }
                let number = BigEndianKey64.decode(entry.key)
                filed.insert(number)
                do {
                    _ = try BatchFileRecord(decoding: entry.value, number: number)
                    if batches.index(forKey: number) == nil { files.add("key \(number): batch \(number) has no record") }
                } catch StoreError.corrupt(let detail) {
                    files.add("key \(number): \(detail)")
                }
            }
        }
        if let start {
            for number in batches.keys.sorted() where number >= start.firstBatch && !filed.contains(number) {
                files.add("batch \(number) has lost its entry")
            }
        }
        return misrouted + found.lines + files.lines
    }

    /// The difference of the seqs `first`…`last` without an entry.
    private static func lost(_ first: UInt64, _ last: UInt64) -> String {
        first == last ? "seq \(first) has lost its entry" : "seqs \(first)–\(last) have lost their entry"
    }
}
