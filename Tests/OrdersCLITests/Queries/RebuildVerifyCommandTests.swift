import Foundation
import TestSupport
import Testing

struct RebuildVerifyCommandTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }
    /// The hash chain of the two sample batches imported in one command (one commit each).
    static let sampleChain = "d6659b2bfda710bcd6c307dc0acad4073d311d9ab64d21a90d7f4db1e64bfe74"

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
