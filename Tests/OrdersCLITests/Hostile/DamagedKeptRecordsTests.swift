import Foundation
import TestSupport
import Testing

/// SPEC §10 at the command line: verify exits 1 naming the database and key of a kept entry that
/// was lost, and sends what a rebuild cannot recompute to a backup; an import of a file whose
/// batch record is damaged stops with one line and exit 1, applying nothing twice.
struct DamagedKeptRecordsTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    /// Imports `data/good-batch.csv` (a copy outside the store); returns its path.
    func importGoodBatch() throws -> String {
        let batch = directory.path + "/good-batch.csv"
        try FileManager.default.copyItem(
            at: OrdersBinary.repository.appendingPathComponent("data/good-batch.csv"), to: URL(fileURLWithPath: batch))
        #expect(try OrdersBinary.run(["import", "--store", store, batch]).status == 0)
        return batch
    }

    @Test func verifyExitsOneNamingTheSeqThatLostItsCommandID() throws {
        _ = try importGoodBatch()
        let first = try StoreFixture.entries(database: "commands", at: store)[0]
        try StoreFixture.delete(key: first.key, database: "commands", at: store)
        let verify = try OrdersBinary.run(["verify", "--store", store])
        #expect(verify.status == 1)
        #expect(verify.standardOutput.contains("  commands: seq 1 has lost its command id\n"), "\(verify.standardOutput)")
    }

    @Test func aDamagedBatchRecordStopsTheImportOfItsFileAgainWithOneLineAndNothingApplied() throws {
        let batch = try importGoodBatch()
        var record = try StoreFixture.entries(database: "batches", at: store)[0]
        record.value[40] ^= 1
        try StoreFixture.put(record.value, key: record.key, database: "batches", at: store)
        let before = try OrdersBinary.run(["stats", "--store", store, "--format", "json"]).standardOutput
        let again = try OrdersBinary.run(["import", "--store", store, batch])
        #expect(again.status == 1)
        #expect(
            again.standardError.split(separator: "\n").count == 1
                && again.standardError.contains("the record of batch 1 fails its check"), "\(again.standardError)")
        #expect(try OrdersBinary.run(["stats", "--store", store, "--format", "json"]).standardOutput == before)
        #expect(try OrdersBinary.run(["verify", "--store", store]).standardOutput.contains("  batches: batch 1: "))
    }

    @Test func aLostHeadKeyStopsTheImportOfItsFileAgainInsteadOfApplyingItTwice() throws {
        let batch = try importGoodBatch()
        let head = try StoreFixture.entries(database: "batch_heads", at: store)[0]
        try StoreFixture.delete(key: head.key, database: "batch_heads", at: store)
        let log = try StoreFixture.entries(database: "log", at: store)
        let again = try OrdersBinary.run(["import", "--store", store, batch])
        #expect(again.status == 1)
        #expect(
            again.standardError.split(separator: "\n").count == 1
                && again.standardError.contains("batch_heads: 0 head keys for 1 batch records"), "\(again.standardError)")
        #expect(try StoreFixture.entries(database: "log", at: store).map(\.key) == log.map(\.key))
        let verify = try OrdersBinary.run(["verify", "--store", store])
        #expect(verify.standardOutput.contains("to mend the log or what it records: orders rebuild cannot mend that"))
    }

    @Test func anImportOntoAChangedEventOfTheOpenLinkExitsOneNamingItsSeq() throws {
        _ = try importGoodBatch()
        let log = try StoreFixture.entries(database: "log", at: store)
        var event = log[3].value
        event[16] ^= 1  // the lowest bit of its time
        try StoreFixture.put(event, key: log[3].key, database: "log", at: store)
        let more = directory.file(
            "more.csv", "type,order_id,customer_id,currency,lines,at\nplace,O-9001,C-1,EUR,A-1*1@100,2030-01-01T00:00:00Z\n")
        let result = try OrdersBinary.run(["import", "--store", store, more])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "orders: error: store damaged at seq 4: its bytes no longer match the hash chain; run orders verify\n",
            "\(result.standardError)")
        #expect(try StoreFixture.entries(database: "log", at: store).count == log.count)
    }

    @Test func verifySendsDamagedIdDictionariesToABackupNotToARebuild() throws {
        _ = try importGoodBatch()
        let entry = try StoreFixture.entries(database: "customer_ids", at: store)[0]
        try StoreFixture.delete(key: entry.key, database: "customer_ids", at: store)
        let verify = try OrdersBinary.run(["verify", "--store", store])
        #expect(verify.status == 1)
        #expect(verify.standardOutput.contains("to mend the log or what it records: orders rebuild cannot mend that"))
    }

    /// Provenance is recorded at import and nothing recomputes it: a lost entry of `provenance` or
    /// of `batch_files` is sent to a backup, never to a rebuild (which would leave it lost).
    @Test func verifySendsDamagedProvenanceToABackupNotToARebuild() throws {
        _ = try importGoodBatch()
        let pristine = directory.path + "/pristine"
        try FileManager.default.copyItem(atPath: store, toPath: pristine)
        for database in ["provenance", "batch_files"] {
            try? FileManager.default.removeItem(atPath: store)
            try FileManager.default.copyItem(atPath: pristine, toPath: store)
            let entry = try StoreFixture.entries(database: database, at: store).last!
            try StoreFixture.delete(key: entry.key, database: database, at: store)
            let verify = try OrdersBinary.run(["verify", "--store", store])
            #expect(verify.status == 1)
            #expect(verify.standardOutput.contains("\n  \(database): "), "\(verify.standardOutput)")
            #expect(
                verify.standardOutput.contains(
                    "to mend the log or what it records: orders rebuild cannot mend that; restore the store from a backup"),
                "\(verify.standardOutput)")
            #expect(!verify.standardOutput.contains("orders rebuild recomputes"))
        }
    }
}
