import Foundation
import TestSupport
import Testing

/// Errors and reports say what is so: an order not yet placed at `--as-of`, an order that is not
/// there (or an empty id), a rejects file that cannot be opened, a verify without a zero digest.
struct RightWordsTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    @Test func showAsOfBeforeTheOrderWasPlacedSaysSo() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let events = try OrdersBinary.run(["events", "--store", store, "--order", "O-1004", "--format", "jsonl"])
        let placed = try JSONSerialization.jsonObject(with: Data(events.standardOutput.split(separator: "\n")[0].utf8))
        let seq = (placed as! [String: Any])["seq"] as! Int
        let result = try OrdersBinary.run(["show", "--store", store, "--as-of", "\(seq - 1)", "O-1004"])
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "orders: error: order O-1004 did not exist yet as of \(seq - 1): it was placed at seq \(seq) ("))
        let missing = try OrdersBinary.run(["show", "--store", store, "--as-of", "\(seq - 1)", "O-404"])
        #expect(missing.standardError.hasPrefix("orders: error: no order O-404 in this store"))
    }

    @Test func anOrderThatIsNotThereIsNamedAlikeByShowBlameAndEvents() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let words = "no order O-404 in this store; orders list shows the ids there are"
        for arguments in [["show", "O-404"], ["blame", "O-404"], ["events", "--order", "O-404"]] {
            let result = try OrdersBinary.run(arguments + ["--store", store])
            #expect(result.status == 1)
            #expect(result.standardError == "orders: error: \(words)\n", "\(arguments)")
        }
        for arguments in [["show", ""], ["blame", ""]] {
            let result = try OrdersBinary.run(arguments + ["--store", store])
            #expect(result.status == 1)
            #expect(
                result.standardError == "orders: error: the order id is empty; orders list shows the ids there are\n",
                "\(arguments)")
        }
    }

    @Test func rejectsOfAFileThatCannotBeOpenedNamesIt() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let result = try OrdersBinary.run(["rejects", "--store", store, "nofile.jsonl"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("orders: error: nofile.jsonl: "))
    }

    @Test func verifyOfAnEmptyStorePrintsNoZeroDigest() throws {
        // An import of a header alone makes a store with no event.
        let empty = directory.file("empty.csv", "type,order_id,customer_id,currency,lines,at\n")
        #expect(try OrdersBinary.run(["import", "--store", store, empty]).status == 0)
        let result = try OrdersBinary.run(["verify", "--store", store])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains(String(repeating: "0", count: 64)))
        #expect(result.standardOutput.hasPrefix("ok: 0 events"))
    }

    @Test func verifyAdvisesABackupForARewrittenLogAndARebuildForReadModels() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let first = try OrdersBinary.run(["verify", "--store", store]).standardOutput
        let digest = first.split(separator: "\n")[0].dropFirst("chain: ".count).split(separator: " ")[0]
        let (key, event) = try StoreFixture.entries(database: "log", at: store)[2]
        var changed = event
        changed[changed.count - 1] &+= 1
        try StoreFixture.put(changed, key: key, database: "log", at: store)
        let rewritten = try OrdersBinary.run(["verify", "--store", store, "--expect", "\(digest)@13"])
        #expect(rewritten.status == 1)
        #expect(rewritten.standardOutput.contains("restore the store from a backup"), "\(rewritten.standardOutput)")
        #expect(!rewritten.standardOutput.contains("orders rebuild recomputes them"))
        #expect(!rewritten.standardOutput.contains(String(repeating: "0", count: 64)))
    }
}
