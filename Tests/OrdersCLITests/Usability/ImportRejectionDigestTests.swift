import Foundation
import TestSupport
import Testing

/// An import with rejections shows the first few, the number per code, and where all of them
/// are; `-q` keeps it quiet.
struct ImportRejectionDigestTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    @Test func theSummaryShowsTheFirstRejectionsAndPointsToOrdersRejects() throws {
        let result = try OrdersBinary.run(["import", "--store", store, "data/bad-batch.jsonl"])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("data/bad-batch.jsonl: the first 5 of 8 rejected"))
        #expect(lines.contains { $0.hasPrefix("  line 3  malformed") })
        #expect(lines.filter { $0.hasPrefix("  line ") }.count == 5)
        #expect(lines.contains { $0.hasPrefix("  by code: malformed 2, duplicate_order 1,") })
        // Where all of them are, and then, last, what the import changed.
        #expect(
            lines.suffix(2) == [
                "  all of them: orders rejects --store \(store) data/bad-batch.jsonl", "What changed: orders diff --from 0",
            ])
        #expect(!result.standardOutput.contains("see --rejects"))
        // The command it names lists them.
        let listed = try OrdersBinary.run(["rejects", "--store", store, "data/bad-batch.jsonl"])
        #expect(listed.status == 0 && listed.standardOutput.hasPrefix("FILE"))
    }

    @Test func withRejectsTheSummaryNamesTheFileWritten() throws {
        let path = directory.path + "/rej.jsonl"
        let result = try OrdersBinary.run(["import", "--store", store, "--rejects", path, "data/bad-batch.jsonl"])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasSuffix("  all of them: written to \(path)\nWhat changed: orders diff --from 0\n"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 8)
    }

    @Test func quietPrintsNoneOfIt() throws {
        let result = try OrdersBinary.run(["import", "-q", "--store", store, "data/bad-batch.jsonl"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        let json = try OrdersBinary.run([
            "import", "--store", directory.path + "/other", "--format", "json", "data/bad-batch.jsonl",
        ])
        #expect(!json.standardOutput.contains("all of them"))
    }
}
