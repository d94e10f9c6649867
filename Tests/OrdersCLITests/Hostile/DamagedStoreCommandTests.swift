import Foundation
import TestSupport
import Testing

/// What a user sees of a damaged store: verify names the seq, rebuild and the queries that read
/// the damaged value stop with one line that says where and what to run, and no command dies of
/// a signal.
struct DamagedStoreCommandTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    /// Imports the good sample batch and sets the customer number of its first event (a `placed`
    /// one) to ff ff ff ff.
    func damageACustomerNumber() throws -> UInt64 {
        let batch = OrdersBinary.repository.path + "/data/good-batch.csv"
        #expect(try OrdersBinary.run(["import", "--store", store, batch]).status == 0)
        let log = try StoreFixture.entries(database: "log", at: store)
        let entry = log[0]
        var value = entry.value
        for index in 12..<16 { value[index] = 0xFF }
        try StoreFixture.put(value, key: entry.key, database: "log", at: store)
        return entry.key.reduce(0) { $0 << 8 | UInt64($1) }
    }

    @Test func aRebuildRefusesALogThatLostEventsTheStoreStillHolds() throws {
        let batch = OrdersBinary.repository.path + "/data/good-batch.csv"
        #expect(try OrdersBinary.run(["import", "--store", store, batch]).status == 0)
        let listed = try OrdersBinary.run(["list", "--store", store, "--format", "csv"]).standardOutput
        let events = try StoreFixture.entries(database: "log", at: store)
        for cleared in [events.count, 1] {
            // The whole log gone, then only its last event.
            for event in events.suffix(cleared) { try? StoreFixture.delete(key: event.key, database: "log", at: store) }
            let rebuild = try OrdersBinary.run(["rebuild", "--store", store])
            #expect(rebuild.status == 1 && !rebuild.killedBySignal)
            #expect(rebuild.standardError.contains("events are missing from the log"), "\(rebuild.standardError)")
            #expect(rebuild.standardError.contains("restore the store from a backup"))
            // The read models still hold every order.
            #expect(try OrdersBinary.run(["list", "--store", store, "--format", "csv"]).standardOutput == listed)
            for event in events { try StoreFixture.put(event.value, key: event.key, database: "log", at: store) }
        }
        // The last event gone with the chain's links: the batch's record still names its seqs.
        let links = try StoreFixture.entries(database: "chain", at: store)
        try StoreFixture.delete(key: events.last!.key, database: "log", at: store)
        for link in links { try StoreFixture.delete(key: link.key, database: "chain", at: store) }
        let rebuild = try OrdersBinary.run(["rebuild", "--store", store])
        #expect(rebuild.status == 1)
        #expect(rebuild.standardError.contains("the record of batch 1 reaches seq"), "\(rebuild.standardError)")
        #expect(try OrdersBinary.run(["list", "--store", store, "--format", "csv"]).standardOutput == listed)
        try StoreFixture.put(events.last!.value, key: events.last!.key, database: "log", at: store)
        for link in links { try StoreFixture.put(link.value, key: link.key, database: "chain", at: store) }
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)
    }

    @Test func aCustomerNumberOfOnesIsNamedByVerifyAndStopsRebuildWithOneLine() throws {
        let seq = try damageACustomerNumber()
        let verify = try OrdersBinary.run(["verify", "--store", store])
        #expect(verify.status == 1 && !verify.killedBySignal)
        #expect(verify.standardOutput.contains("log: seq \(seq): customer number 4294967295 has no id"))
        let rebuild = try OrdersBinary.run(["rebuild", "--store", store])
        #expect(rebuild.status == 1 && !rebuild.killedBySignal)
        // The first problem the replay lists: the damaged event, or the next event of its order.
        #expect(rebuild.standardError.hasPrefix("orders: error: store damaged"), "\(rebuild.standardError)")
        #expect(rebuild.standardError.hasSuffix("; run orders verify (the read models are unchanged)\n"))
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 1)
        for query in [["list"], ["customers"], ["revenue"], ["skus"], ["stats"]] {
            let result = try OrdersBinary.run(query + ["--store", store])
            #expect(!result.killedBySignal && [0, 1].contains(result.status), "\(query)")
        }
    }
}
