import BatchGenerator
import Foundation
import LedgerDomain
import TestSupport
import Testing

/// `orders export`: the accepted history as a batch; importing it into an empty store gives a
/// store whose every query answers as the source did, at its head or at `--to SEQ`.
struct ExportRoundTripTests {
    let directory = TemporaryDirectory()

    /// A generated batch with 20 % bad records, as its lines (the CSV header or none).
    static func batchLines(_ format: RecordFormat, seed: UInt64) -> [String] {
        var lines: [String] = []
        var generator = BatchGenerator(settings: GeneratorSettings(orders: 1_500, format: format, seed: seed, badShare: 0.2))
        _ = generator.generate { lines.append($0) }
        return lines
    }

    func importing(_ file: String, into store: String) throws -> Int32 {
        try OrdersBinary.run(["import", "--store", store, file]).status
    }

    @Test(arguments: [RecordFormat.csv, .jsonl])
    func anExportImportedIntoAnEmptyStoreAnswersEveryQueryAsTheSource(_ format: RecordFormat) throws {
        let name = format == .csv ? "csv" : "jsonl"
        let source = directory.path + "/source"
        let batch = directory.file("batch.\(name)", Self.batchLines(format, seed: 21).joined(separator: "\n") + "\n")
        #expect(try importing(batch, into: source) == 1, "the batch has rejected records")
        let exported = directory.path + "/export.\(name)"
        let export = try OrdersBinary.run(["export", "--store", source, "--format", name, "--output", exported])
        #expect(export.status == 0)
        #expect(export.standardOutput.isEmpty && export.standardError.isEmpty)
        let copy = directory.path + "/copy"
        #expect(try importing(exported, into: copy) == 0, "every exported command is accepted")
        #expect(try LedgerQueries.answers(of: copy) == LedgerQueries.answers(of: source))
        let events = { (store: String) in
            try OrdersBinary.run(["events", "--store", store, "--format", "jsonl"]).standardOutput
        }
        #expect(try events(copy) == events(source), "the same events at the same seqs")
        let again = try OrdersBinary.run(["export", "--store", copy, "--format", name]).standardOutput
        #expect(again == (try String(contentsOfFile: exported, encoding: .utf8)), "command ids, times and money kept")
        #expect(again.contains("command_id"))
        // The copy knows the command ids: the original batch adds nothing it had not skipped before.
        let replay = try OrdersBinary.run(["import", "--store", copy, "--format", "json", batch])
        let summary = try #require(
            (try JSONSerialization.jsonObject(with: Data(replay.standardOutput.utf8)) as? [[String: Any]])?.first)
        let duplicates = try #require(summary["duplicates"] as? Int)
        #expect(duplicates > 0)
    }

    @Test(arguments: [RecordFormat.csv, .jsonl])
    func anExportToASeqEqualsAStoreThatImportedOnlyUpToThatSeq(_ format: RecordFormat) throws {
        let name = format == .csv ? "csv" : "jsonl"
        let lines = Self.batchLines(format, seed: 22)
        let cut = format == .csv ? 1 + (lines.count - 1) / 2 : lines.count / 2
        let whole = directory.file("whole.\(name)", lines.joined(separator: "\n") + "\n")
        let prefix = directory.file("prefix.\(name)", lines[..<cut].joined(separator: "\n") + "\n")
        let source = directory.path + "/source"
        let partial = directory.path + "/partial"
        _ = try importing(whole, into: source)
        _ = try importing(prefix, into: partial)
        let stats = try OrdersBinary.run(["stats", "--store", partial, "--format", "json"]).standardOutput
        let seq = try #require((try JSONSerialization.jsonObject(with: Data(stats.utf8)) as? [String: Any])?["head_seq"] as? Int)
        let exported = directory.path + "/to.\(name)"
        #expect(try OrdersBinary.run(["export", "--store", source, "--to", "\(seq)", "--output", exported]).status == 0)
        let copy = directory.path + "/copy"
        #expect(try importing(exported, into: copy) == 0)
        #expect(try LedgerQueries.answers(of: copy) == LedgerQueries.answers(of: partial))
        let beyond = try OrdersBinary.run(["export", "--store", partial, "--to", "\(seq + 1)"])
        #expect(beyond.status == 1)
        #expect(beyond.standardError == "orders: error: --to \(seq + 1) is beyond the log, whose last seq is \(seq)\n")
    }

    @Test func csvSaysWhenItCannotKeepAnEmptyCarrier() throws {
        let batch = directory.file(
            "b.jsonl",
            """
            {"type":"place","order_id":"O-1","customer_id":"C-1","currency":"EUR","lines":[{"sku":"A","qty":1,"unit_price":5}],"at":"2026-03-01T10:00:00Z"}
            {"type":"pay","order_id":"O-1","amount":5,"at":"2026-03-01T10:01:00Z"}
            {"type":"ship","order_id":"O-1","carrier":"","at":"2026-03-01T10:02:00Z"}

            """)
        let store = directory.path + "/store"
        #expect(try importing(batch, into: store) == 0)
        let csv = try OrdersBinary.run(["export", "--store", store, "--format", "csv"])
        #expect(csv.status == 0)
        #expect(
            csv.standardError
                == "orders: note: 1 event has an empty carrier or reason, which CSV cannot tell from none; --format jsonl keeps them\n"
        )
        let jsonl = try OrdersBinary.run(["export", "--store", store])
        #expect(jsonl.standardOutput.contains("\"carrier\":\"\""))
        #expect(jsonl.standardError.isEmpty)
    }

    @Test func theOutputMayNotBeInTheStore() throws {
        let store = directory.path + "/store"
        #expect(try importing("data/good-batch.csv", into: store) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: store + "/data.mdb"))
        let result = try OrdersBinary.run(["export", "--store", store, "--output", store + "/data.mdb"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "orders: error: --output \(store)/data.mdb is inside the store directory \(store); writing the export there would damage the store: choose a path outside it\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: store + "/data.mdb")) == before)
    }

    @Test func aFailedExportRemovesOnlyAFileItMade() throws {
        let store = directory.path + "/store"
        #expect(try importing("data/good-batch.csv", into: store) == 0)
        // `--to` past the log fails once the output is open.
        let arguments = ["export", "--store", store, "--to", "999999", "--output"]
        let made = directory.path + "/made.jsonl"
        #expect(try OrdersBinary.run(arguments + [made]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: made))
        // A file that was there (a device such as /dev/full would be too) stays, as it was: `--to`
        // is checked before the file is opened.
        let there = directory.file("there.jsonl", "kept\n")
        let failed = try OrdersBinary.run(arguments + [there])
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("is beyond the log"), "\(failed.standardError)")
        #expect(try String(contentsOfFile: there, encoding: .utf8) == "kept\n")
        // A link to no file yet: the export makes the file it names.
        let link = directory.path + "/link.jsonl"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.path + "/target.jsonl")
        #expect(try OrdersBinary.run(["export", "--store", store, "--output", link]).status == 0)
        #expect(try String(contentsOfFile: directory.path + "/target.jsonl", encoding: .utf8).hasPrefix("{"))
    }

    @Test func aNoteWithALineEndIsQuotedInCSVAndComesBackWhole() throws {
        let source = directory.path + "/source"
        let batch = directory.file(
            "notes.jsonl",
            [
                #"{"type":"place","order_id":"Q-0","customer_id":"C-q","currency":"EUR","lines":[{"sku":"S-1","qty":1,"unit_price":100}],"at":"2026-01-01T00:00:00Z"}"#,
                #"{"type":"pay","order_id":"Q-0","amount":100,"at":"2026-01-01T00:01:00Z"}"#,
                #"{"type":"ship","order_id":"Q-0","at":"2026-01-01T00:02:00Z","carrier":"x\r\ny"}"#,
                #"{"type":"place","order_id":"Q-1","customer_id":"C-q","currency":"EUR","lines":[{"sku":"S-1","qty":1,"unit_price":100}],"at":"2026-01-01T00:00:00Z"}"#,
                #"{"type":"cancel","order_id":"Q-1","at":"2026-01-01T00:03:00Z","reason":"a,\"b\"\nc\rd"}"#,
            ].joined(separator: "\n") + "\n")
        #expect(try importing(batch, into: source) == 0)
        let exported = directory.path + "/export.csv"
        #expect(try OrdersBinary.run(["export", "--store", source, "--output", exported]).status == 0)
        let copy = directory.path + "/copy"
        #expect(try importing(exported, into: copy) == 0)
        for order in ["Q-0", "Q-1"] {
            let show = ["show", order, "--format", "json", "--store"]
            #expect(try OrdersBinary.run(show + [copy]).standardOutput == OrdersBinary.run(show + [source]).standardOutput)
        }
    }

    @Test func aStoreWhoseCommandIDsAreInTheOldLayoutIsAnErrorNotACrash() throws {
        let store = directory.path + "/old"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        let fixture = OrdersBinary.repository.path + "/Tests/LedgerStoreTests/Fixtures/format1/data.mdb"
        try FileManager.default.copyItem(atPath: fixture, toPath: store + "/data.mdb")
        let result = try OrdersBinary.run(["export", "--store", store])
        #expect(!result.killedBySignal)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("orders: error: "))
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
    }
}
