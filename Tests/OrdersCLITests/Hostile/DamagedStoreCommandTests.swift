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

    /// What `orders list`, `customers`, `skus`, `revenue` and `stats` print of the store at `path`.
    func readModels(at path: String) throws -> [String] {
        try [["list"], ["customers"], ["skus"], ["revenue"], ["stats"]].map { query in
            try OrdersBinary.run(query + ["--store", path, "--format", "csv"]).standardOutput
        }
    }

    @Test func anImportRebuildsAReadModelThatLostRowsBeforeItFoldsOntoIt() throws {
        let header = "type,order_id,customer_id,currency,lines,amount,at\n"
        let first = directory.file(
            "first.csv", header + "place,O-1,C-1,EUR,A*2@500,,2026-03-01T10:00:00Z\npay,O-1,,,,1000,2026-03-01T10:01:00Z\n")
        // The same customer and sku again, and the first order shipped.
        let second = directory.file(
            "second.csv", header + "place,O-2,C-1,EUR,A*1@500,,2026-03-01T11:00:00Z\nship,O-1,,,,,2026-03-01T11:01:00Z\n")
        let clean = directory.path + "/clean"
        #expect(try OrdersBinary.run(["import", "--store", clean, first, second]).status == 0)
        let expected = try readModels(at: clean)
        let cases: [(database: String, notice: String)] = [
            ("orders", "the orders read model holds 0 rows for 1 order"),
            ("customer_orders", "the orders read model indexes 0 orders by customer for 1 order"),
            ("customers", "the customers read model holds 0 rows for 1 customer"),
            ("skus", "the skus read model holds 0 rows for 1 sku"),
            ("revenue", "the revenue read model holds no rows for 1 order"),
            ("stats", "the stats read model counts 0 orders by status for 1 order"),
        ]
        for (database, notice) in cases {
            let store = directory.path + "/" + database
            #expect(try OrdersBinary.run(["import", "--store", store, first]).status == 0)
            try StoreFixture.clear(database: database, at: store)
            let imported = try OrdersBinary.run(["import", "--store", store, second])
            #expect(imported.status == 0, "\(database): \(imported.standardError)")
            #expect(
                imported.standardError.contains(
                    "orders: \(notice) (the store was damaged): rebuilding \(notice.split(separator: " ")[1]) first"),
                "\(imported.standardError)")
            #expect(try readModels(at: store) == expected, "\(database)")
            #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0, "\(database)")
        }
    }
}
