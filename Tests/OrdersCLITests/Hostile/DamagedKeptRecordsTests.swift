import Foundation
import TestSupport
import Testing

/// SPEC §10 at the command line: verify exits 1 naming the database and key of a kept entry that
/// was lost, and an import of a file whose batch record is damaged stops with one line and exit
/// 1, applying nothing twice.
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
}
