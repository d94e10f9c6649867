import Foundation
import LedgerStore
import TestSupport
import Testing

struct RebuildVerifyCommandTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }
    /// The hash chain's digest of the two sample batches.
    static let sampleChain = "3be63d83b68b7ec83db2da08ef12c0af7589ccf7e1e095ce07dfabf5255f67ba"

    @Test func verifyAndRebuildReportInTablesAndJSON() throws {
        _ = try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv", "data/bad-batch.jsonl"])
        let verify = try OrdersBinary.run(["verify", "--store", store])
        #expect(verify.status == 0)
        #expect(
            verify.standardOutput
                == "chain: \(Self.sampleChain) at seq 18\nok: 18 events and 5 orders; every read model agrees with the log\n")
        let rebuild = try OrdersBinary.run(["rebuild", "--store", store, "--projection", "revenue", "--format", "json"])
        #expect(rebuild.status == 0)
        #expect(rebuild.standardOutput.hasPrefix(#"{"projections":["revenue"],"events":18,"seconds":"#))
        let json = try OrdersBinary.run(["verify", "--store", store, "--format", "json"])
        #expect(
            json.standardOutput
                == #"{"consistent":true,"events":18,"orders":5,"differences":[],"chain":{"seq":18,"digest":""#
                + Self.sampleChain + #""}}"# + "\n")
    }

    @Test func rebuildSaysHowManyRowsDifferedFromTheLog() throws {
        _ = try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv", "data/bad-batch.jsonl"])
        let agreeing = try OrdersBinary.run(["rebuild", "--store", store])
        #expect(agreeing.status == 0)
        #expect(agreeing.standardOutput.hasSuffix(" events/s); every row agreed with the log\n"), "\(agreeing.standardOutput)")
        try StoreFixture.delete(key: Array("by_status".utf8), database: "stats", at: store)
        let one = try OrdersBinary.run(["rebuild", "--store", store])
        #expect(one.standardOutput.hasSuffix(" events/s); 1 row differed and was rewritten\n"), "\(one.standardOutput)")
        try StoreFixture.clear(database: "customer_orders", at: store)
        let json = try OrdersBinary.run(["rebuild", "--store", store, "--format", "json"])
        #expect(json.standardOutput.hasSuffix(#","rows_changed":5}"# + "\n"), "\(json.standardOutput)")
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)
    }

    @Test func verifySaysWhereReadModelsBehindTheLogStand() throws {
        // The read models of the first batch alone, in a store holding both batches.
        let behind = directory.path + "/behind"
        #expect(try OrdersBinary.run(["import", "--store", behind, "data/good-batch.csv"]).status == 0)
        // (The second batch's bad records make this import's status 1.)
        _ = try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv", "data/bad-batch.jsonl"])
        try StoreFixture.copyReadModels(from: behind, to: store)
        let checkpoint = try LedgerStore(path: behind, readOnly: true).headSeq()
        #expect(checkpoint > 0 && checkpoint < 18)
        let verify = try OrdersBinary.run(["verify", "--store", store])
        #expect(verify.status == 0)
        #expect(
            verify.standardOutput
                == "chain: \(Self.sampleChain) at seq 18\nok: 18 events and 5 orders; the read models agree with the log up to seq \(checkpoint) (the log goes on to 18: an import is under way or did not finish; the next import or orders rebuild brings them up to date)\n"
        )
        #expect(try OrdersBinary.run(["rebuild", "--store", store, "--projection", "customers", "-q"]).status == 0)
        let json = try OrdersBinary.run(["verify", "--store", store, "--format", "json"])
        #expect(json.status == 0)
        let lagging = ["orders", "revenue", "skus", "stats"].map { "\"\($0)\":\(checkpoint)" }.joined(separator: ",")
        #expect(
            json.standardOutput.hasSuffix("\"" + Self.sampleChain + "\"},\"lagging\":{" + lagging + "}}\n"),
            "\(json.standardOutput)")
        let table = try OrdersBinary.run(["verify", "--store", store])
        #expect(
            table.standardOutput.hasSuffix(
                "; every read model agrees with the log, but orders, revenue, skus and stats only up to seq \(checkpoint) (the log goes on to 18: an import is under way or did not finish; the next import or orders rebuild brings them up to date)\n"
            ))
        // With a difference, the list ends saying up to where the lagging read models were compared.
        try StoreFixture.delete(key: Array("by_status".utf8), database: "stats", at: store)
        let damaged = try OrdersBinary.run(["verify", "--store", store])
        #expect(damaged.status == 1)
        #expect(
            damaged.standardOutput.hasSuffix(
                "  stats: the status counts differ from the log's\n(compared with the log up to their checkpoints: orders, revenue, skus and stats up to seq \(checkpoint); the log goes on to 18)\n"
                    + "to mend the read models: orders rebuild recomputes them from the log\n"
            ), "\(damaged.standardOutput)")
    }

    @Test func verifyAdvisesWhatMendsEachKindOfDifference() throws {
        _ = try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv", "data/bad-batch.jsonl"])
        let rebuildMends = "to mend the read models: orders rebuild recomputes them from the log\n"
        let backupMends = "to mend the log or what it records: orders rebuild cannot mend that; restore the store from a backup"
        try StoreFixture.delete(key: Array("by_status".utf8), database: "stats", at: store)
        let readModel = try OrdersBinary.run(["verify", "--store", store])
        #expect(readModel.status == 1)
        #expect(readModel.standardOutput.hasSuffix(rebuildMends) && !readModel.standardOutput.contains(backupMends))
        #expect(try OrdersBinary.run(["rebuild", "--store", store]).status == 0)

        let log = try StoreFixture.entries(database: "log", at: store)
        var event = log[3].value
        event[16] ^= 1  // the lowest bit of its time
        try StoreFixture.put(event, key: log[3].key, database: "log", at: store)
        let history = try OrdersBinary.run(["verify", "--store", store])
        #expect(history.status == 1)
        #expect(history.standardOutput.contains("  chain: the bytes of seq 4 no longer match the chain\n"))
        #expect(history.standardOutput.contains(backupMends), "\(history.standardOutput)")
        #expect(!history.standardOutput.contains("orders rebuild recomputes"), "\(history.standardOutput)")
        // The chain breaks at its first link: no digest of an empty history is shown as its head.
        #expect(history.standardOutput.hasPrefix("2 differences:\n"), "\(history.standardOutput)")
    }

    @Test func verifyCountsOneEventAndOneOrderInTheSingular() throws {
        let sample = try String(contentsOfFile: OrdersBinary.repository.path + "/data/good-batch.csv", encoding: .utf8)
        let batch = directory.file("one.csv", sample.split(separator: "\n").prefix(2).joined(separator: "\n") + "\n")
        #expect(try OrdersBinary.run(["import", "--store", store, batch]).status == 0)
        let verify = try OrdersBinary.run(["verify", "--store", store])
        #expect(verify.standardOutput.hasSuffix(" at seq 1\nok: 1 event and 1 order; every read model agrees with the log\n"))
    }

    @Test func aMissingStoreOrAnUnknownReadModelIsAnError() throws {
        let missing = try OrdersBinary.run(["rebuild", "--store", store])
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("orders: error: no store at"))
        #expect(!FileManager.default.fileExists(atPath: store))
        let unknown = try OrdersBinary.run(["rebuild", "--store", store, "--projection", "everything"])
        #expect(unknown.status == 2)
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 1)
    }
}
