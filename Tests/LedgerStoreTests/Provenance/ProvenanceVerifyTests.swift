import LMDB
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// `verify` checks provenance like every other database: an entry lost, added or changed is
/// named with its database and key; and a store of format 6 upgrades with provenance from its head on.
struct ProvenanceVerifyTests {
    func differences(_ ledger: ProvenanceLedger) throws -> [String] {
        try Verifier(store: try LedgerStore(path: ledger.store.path, readOnly: true)).verify().differences
    }

    @Test func aCleanLedgerVerifies() throws {
        let ledger = try ProvenanceLedger()
        #expect(try differences(ledger) == [])
    }

    @Test func aLostEntryIsNamed() throws {
        let ledger = try ProvenanceLedger(chunkSize: 2)
        // Chunks of two records: the entry of seq 3 covers seq 3 alone (line 4; line 5 was rejected).
        try StoreFixture.delete(key: [0, 0, 0, 0, 0, 0, 0, 3], database: "provenance", at: ledger.store.path)
        #expect(
            try differences(ledger) == [
                "provenance: seq 3 has lost its entry",
                "provenance: batch 1 has 4 events with an entry, its record counts 5 accepted",
            ])
    }

    @Test func anAddedEntryIsNamed() throws {
        let ledger = try ProvenanceLedger()
        let value = ProvenanceRun(batch: 2, lines: [12]).encoded(firstSeq: 8)
        try StoreFixture.put(value, key: [0, 0, 0, 0, 0, 0, 0, 8], database: "provenance", at: ledger.store.path)
        #expect(try differences(ledger).contains("provenance: entries name seqs 8–8, past the log's head"))
    }

    @Test func aChangedEntryIsNamed() throws {
        let ledger = try ProvenanceLedger(chunkSize: 100)
        let path = ledger.store.path
        let entry = try #require(try StoreFixture.entries(database: "provenance", at: path).first { $0.key.last == 1 })
        var changed = entry.value
        changed[13] ^= 1  // the second line's delta
        try StoreFixture.put(changed, key: entry.key, database: "provenance", at: path)
        #expect(try differences(ledger).contains("provenance: key 1: the provenance entry of seq 1 fails its check"))
    }

    /// A file whose last record has no line end: its batch's next line is that record's own.
    @Test func aBatchWhoseLastLineHasNoLineEndVerifiesAndALinePastItIsNamed() throws {
        let directory = TemporaryDirectory()
        let store = try LedgerStore(path: directory.path + "/store", durable: false)
        let header = "type,order_id,customer_id,currency,lines,at\n"
        let record = "place,O-1,C-1,EUR,A*1@5,2026-01-01T00:00:00Z\n"
        let cut = directory.file("cut.csv", header + record + "place,O-2,C-1,EUR,A*1@5,2026-01-01T00:00:00Z")
        let json =
            #"{"type":"place","order_id":"O-3","customer_id":"C-1","currency":"EUR","lines":[{"sku":"A","qty":1,"unit_price":5}],"#
            + #""at":"2026-01-01T00:00:00Z"}"#
        let jsonCut = directory.file("cut.jsonl", json)
        let whole = directory.file("whole.csv", header + record.replacingOccurrences(of: "O-1", with: "O-4"))
        for file in [cut, jsonCut, whole] { _ = try Importer(store: store).importFile(file, options: ImportOptions()) }
        func differences() throws -> [String] {
            try Verifier(store: try LedgerStore(path: store.path, readOnly: true)).verify().differences
        }
        #expect(try differences() == [])
        #expect(try store.read { try $0.count(\.log) } == 4)
        // Lines 2–3 for batch 1's seqs 1–2 hold; line 4 lies past its last line (3, without a line end).
        try StoreFixture.put(
            ProvenanceRun(batch: 1, lines: [2, 4]).encoded(firstSeq: 1), key: [0, 0, 0, 0, 0, 0, 0, 1], database: "provenance",
            at: store.path)
        #expect(try differences().contains("provenance: key 1: lines 2–4 are not within batch 1"))
        // Batch 3's one record (seq 4) is on line 2, and its line end makes line 3 the next: line 3 is past it.
        try StoreFixture.put(
            ProvenanceRun(batch: 1, lines: [2, 3]).encoded(firstSeq: 1), key: [0, 0, 0, 0, 0, 0, 0, 1], database: "provenance",
            at: store.path)
        try StoreFixture.put(
            ProvenanceRun(batch: 3, lines: [3]).encoded(firstSeq: 4), key: [0, 0, 0, 0, 0, 0, 0, 4], database: "provenance",
            at: store.path)
        #expect(try differences() == ["provenance: key 4: lines 3–3 are not within batch 3"])
    }

    @Test func aLostBatchFileIsNamed() throws {
        let ledger = try ProvenanceLedger()
        try StoreFixture.delete(key: [0, 0, 0, 0, 0, 0, 0, 2], database: "batch_files", at: ledger.store.path)
        #expect(try differences(ledger) == ["batch_files: batch 2 has lost its entry"])
    }

    @Test func aStoreOfFormatSixUpgradesWithProvenanceFromItsHeadOn() throws {
        let ledger = try ProvenanceLedger()
        let path = ledger.store.path
        try StoreFixture.turnIntoFormat6(at: path)
        let old = try LedgerStore(path: path, readOnly: true)
        #expect(old.foundFormat == 6)
        // Read-only, the older store answers without the keys it does not have.
        let blamed = try #require(try old.blame("O-1"))
        #expect(blamed.allSatisfy { $0.file == nil && $0.line == nil && $0.batch == nil })
        #expect(blamed.map(\.commandID) == ["c-1", "c-2", "c-5", "c-6"])
        #expect(try old.batches().allSatisfy { $0.file == nil && $0.importedAt == nil })

        let store = try LedgerStore(path: path, durable: false)
        #expect(store.foundFormat == 6)
        let more = ledger.directory.file(
            "c.csv", ProvenanceLedger.header + "refund,O-1,,,,500,2026-03-04T00:00:00Z,c-10,\n")
        _ = try Importer(store: store).importFile(more)
        let after = try #require(try store.blame("O-1"))
        #expect(after.map(\.file) == [nil, nil, nil, nil, more])
        #expect(after.last?.line == 2)
        #expect(try store.batches().map { $0.file == nil } == [true, true, false])
        let report = try Verifier(store: store).verify()
        #expect(report.isConsistent, "\(report.differences)")
    }
}
