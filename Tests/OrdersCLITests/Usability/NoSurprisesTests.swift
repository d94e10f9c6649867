import Foundation
import TestSupport
import Testing

/// `--status` repeated or joined by commas is a union; a failed first import leaves no store.
struct NoSurprisesTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    func ids(_ arguments: [String]) throws -> Set<String> {
        let result = try OrdersBinary.run(["list", "--store", store, "--format", "json"] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        let rows = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [[String: Any]]
        return Set(rows.map { $0["order_id"] as! String })
    }

    @Test func repeatedOrJoinedStatusesAreAUnion() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let delivered = try ids(["--status", "delivered"])
        let cancelled = try ids(["--status", "cancelled"])
        #expect(!delivered.isEmpty && !cancelled.isEmpty)
        #expect(try ids(["--status", "delivered", "--status", "cancelled"]) == delivered.union(cancelled))
        #expect(try ids(["--status", "delivered,cancelled"]) == delivered.union(cancelled))
        let wrong = try OrdersBinary.run(["list", "--store", store, "--status", "paid,lost"])
        #expect(wrong.status == 2 && wrong.standardError.contains("'paid,lost'"))
    }

    @Test func aFailedFirstImportLeavesNoStore() throws {
        let result = try OrdersBinary.run(["import", "--store", store, directory.path + "/missing.csv"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("missing.csv"))
        #expect(!FileManager.default.fileExists(atPath: store))
        // A first import that read a file keeps its store, rejections and all.
        #expect(try OrdersBinary.run(["import", "--store", store, "data/bad-batch.jsonl"]).status == 1)
        #expect(FileManager.default.fileExists(atPath: store))
        // A later failed import leaves the store as it was.
        #expect(try OrdersBinary.run(["import", "--store", store, directory.path + "/missing.csv"]).status == 2)
        #expect(try OrdersBinary.run(["stats", "--store", store]).status == 0)
    }
}
