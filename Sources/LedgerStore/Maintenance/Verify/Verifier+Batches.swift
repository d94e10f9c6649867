internal import LMDB
internal import LedgerDomain
internal import LedgerServices

extension Verifier {
    /// Every batch record and stored rejection decodes, and a batch continues one that exists
    /// and names seqs of the log. From format 6 on, each record passes its check, `batch_heads`
    /// holds exactly the key each record gives, and each batch's stored rejections are the count
    /// and sum its record keeps. (A batch's digest is checked as part of its record: its file is not
    /// at hand.) Format 1's import records decode.
    // Safe: keys are sliced only where their length was checked; what is borrowed from the
    // snapshot is compared or copied inside the walk.
    static func checkBatches(headSeq: UInt64, _ ledger: LedgerTransaction) throws -> [String] {
        var found = Differences("batches")
        var heads = Differences("batch_heads")
        var rejections = Differences("rejections")
        guard let databases = ledger.batchDatabases else { return [] }
        let checked = ledger.databases.checked
        var records: [UInt64: StoredBatch] = [:]
        var expectedHeads: [[UInt8]: UInt64] = [:]
        try ledger.txn.withCursor(databases.batches) { cursor in
            for entry in cursor.entries() {
                guard entry.key.count == 8 else {
                    found.add("key \(Self.describe(entry.key)) is not a batch number")
                    continue
                }
                let number = BigEndianKey64.decode(entry.key)
                do {
                    let batch = try StoredBatch(decoding: entry.value, number: number, checked: checked)
                    if batch.parent >= number || batch.parent != 0 && records[batch.parent] == nil {
                        found.add("batch \(number) continues batch \(batch.parent), which has no record before it")
                    }
                    if batch.firstSeq > batch.lastSeq && batch.lastSeq != 0 || batch.lastSeq > headSeq {
                        found.add("batch \(number) names seqs \(batch.firstSeq)–\(batch.lastSeq), beyond the log")
                    }
                    records[number] = batch
                    if checked {
                        expectedHeads[
                            BatchHead.key(of: batch, headDigest: StoredBatch.headDigest(in: entry.value), number: number)] =
                            number
                    }
                } catch StoreError.corrupt(let detail) {
                    found.add("batch \(number): \(detail)")
                }
            }
        }
        try ledger.txn.withCursor(databases.heads) { cursor in
            for entry in cursor.entries() {
                if !entry.value.isEmpty { heads.add("key \(Self.describe(entry.key)) holds a value") }
                guard checked, expectedHeads.removeValue(forKey: Array(entry.key)) == nil else { continue }
                let number =
                    entry.key.count >= 8 ? BigEndianKey64.decode(UnsafeRawBufferPointer(rebasing: entry.key.suffix(8))) : 0
                heads.add("key \(Self.describe(entry.key)) is not the head key of batch \(number)'s record")
            }
        }
        for number in expectedHeads.values.sorted() {
            heads.add("batch \(number) has lost its head key")
        }
        var stored: [UInt64: (count: Int, sum: UInt64)] = [:]
        try ledger.txn.withCursor(databases.rejections) { cursor in
            for entry in cursor.entries() {
                let batch = entry.key.count == 16 ? BigEndianKey64.decode(UnsafeRawBufferPointer(rebasing: entry.key[..<8])) : 0
                do {
                    let rejection = try StoredRejection(key: entry.key, decoding: entry.value)
                    if records[batch] == nil { rejections.add("a rejection of batch \(batch), which has no record") }
                    let before = stored[batch] ?? (0, 0)
                    stored[batch] = (before.count + 1, before.sum &+ StoredRejection.check(of: entry.value, line: rejection.line))
                } catch StoreError.corrupt(let detail) {
                    rejections.add("a rejection of batch \(batch): \(detail)")
                }
            }
        }
        if checked {
            for (number, batch) in records.sorted(by: { $0.key < $1.key }) {
                let (count, sum) = stored[number] ?? (0, 0)
                if count != batch.storedRejections {
                    rejections.add("batch \(number) has \(count) stored, its record counts \(batch.storedRejections)")
                } else if sum != batch.rejectionSum {
                    rejections.add("batch \(number): a stored rejection differs from what its record sums")
                }
            }
        }
        // Format 1's records of imports, kept until an import adopts them: nothing else records
        // them, so only that each decodes is checked.
        var imports = Differences("imports")
        try ledger.scan(\.imports) { entries in
            for entry in entries {
                do {
                    _ = try ImportProgress(decoding: entry.value)
                } catch StoreError.corrupt(let detail) {
                    imports.add("key \(Self.describe(entry.key)): \(detail)")
                }
            }
        }
        return found.lines + heads.lines + rejections.lines + imports.lines
    }
}
