internal import BatchFormats
internal import LMDB
internal import LedgerDomain

/// Format 1 recorded an import under the SHA-256 of the file's whole content (`imports`), which
/// cannot find a file that grew. While a store holds such records, an import hashes the whole
/// file first (a second pass, for these stores only); a file whose content has one gets a batch
/// record in its place (under the format of this import, with `file` as its path and now as its
/// time), and the legacy record goes; its events, logged before the store kept provenance, have none.
enum LegacyImports {
    static func adopt(
        _ batch: BatchFile, file: String, format: RecordFormat, origin: BatchPosition, in store: LedgerStore
    ) throws {
        guard try store.read({ try $0.count(\.imports) }) > 0 else { return }
        let whole = try batch.hashes(at: [batch.size])[0].digest
        guard let legacy = try store.read({ try $0.importProgress(whole) }), legacy.next.offset <= batch.size else { return }
        let hash = try batch.hashes(at: [legacy.next.offset])[0]
        var adopted = StoredBatch(format: format, start: min(origin, legacy.next), hash: hash)
        adopted.next = legacy.next
        adopted.finished = legacy.finished
        adopted.endsWithLineEnd = legacy.next.offset == 0 || batch.byte(at: legacy.next.offset - 1) == 0x0A
        adopted.records = legacy.records
        adopted.accepted = legacy.accepted
        adopted.rejected = legacy.rejected
        adopted.duplicates = legacy.duplicates
        adopted.firstSeq = legacy.firstSeq
        adopted.lastSeq = legacy.lastSeq
        adopted.chainRecords = legacy.records
        try store.write { ledger in
            guard try ledger.importProgress(whole) == legacy else { return }
            let number = try ledger.nextBatchNumber()
            try ledger.putBatch(number, adopted, head: batch.head, replacing: nil)
            try ledger.putBatchFile(number, BatchFileRecord(file: file, committedAt: WallClock.now()))
            try ledger.removeImportProgress(whole)
        }
    }
}
