import BatchGenerator
import Foundation
import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import BatchFormats
@testable import LedgerStore

/// SPEC §5: a batch is the bytes read and their format. Files that grow, shrink or are read in
/// the wrong format while (or before) they are imported end, once complete, with the ledger and
/// the rejections of one uninterrupted import of the complete file.
struct BatchIdentityTests {
    let directory = TemporaryDirectory()

    /// A generated batch with bad records (payments without command ids among them), as lines.
    static func lines(orders: Int = 300, seed: UInt64 = 7) -> [String] {
        var lines: [String] = []
        var generator = BatchGenerator(
            settings: GeneratorSettings(orders: orders, seed: seed, badShare: 0.1, commandIDShare: 0.3))
        _ = generator.generate { lines.append($0) }
        return lines
    }

    func store(_ name: String) throws -> LedgerStore { try LedgerStore(path: directory.path + "/" + name, durable: false) }

    /// The ledger and the rejections (line, code) of one import of `content`.
    func reference(_ content: String, format: RecordFormat? = nil) throws -> (dump: [String], rejects: [String]) {
        let store = try store("reference-\(UUID().uuidString)")
        let rejects = RejectsCollector()
        _ = try Importer(store: store).importFile(
            directory.file("reference-\(UUID().uuidString).csv", content), options: ImportOptions(format: format),
            rejects: rejects)
        return (try store.dump(), rejects.records.map(Self.key))
    }

    static func key(_ record: RejectedRecord) -> String {
        "\(record.line) \(record.rejection.code.rawValue) \(String(decoding: record.raw, as: UTF8.self))"
    }

    static func append(_ text: String, to path: String) {
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try? handle.close()
    }

    @Test func aFileThatGrowsWhileItIsImportedIsAppliedOnceWhateverTheTiming() throws {
        let lines = Self.lines()
        let complete = lines.joined(separator: "\n") + "\n"
        let path = directory.file("growing.csv", lines.prefix(200).joined(separator: "\n") + "\n")
        let store = try store("store")
        // A writer appends whole lines in random groups at random moments while the import runs.
        let writer = Thread {
            var rest = Array(lines.dropFirst(200))
            var random = SystemRandomNumberGenerator()
            while !rest.isEmpty {
                let count = min(rest.count, Int.random(in: 1...40, using: &random))
                Self.append(rest.prefix(count).joined(separator: "\n") + "\n", to: path)
                rest.removeFirst(count)
                usleep(UInt32.random(in: 0...2_000, using: &random))
            }
        }
        let first = RejectsCollector()
        writer.start()
        let during = try Importer(store: store).importFile(path, options: ImportOptions(chunkSize: 16), rejects: first)
        while writer.isExecuting || !writer.isFinished { usleep(1_000) }
        let second = RejectsCollector()
        let after = try Importer(store: store).importFile(path, options: ImportOptions(chunkSize: 16), rejects: second)
        let expected = try reference(complete)
        #expect(try store.dump() == expected.dump)
        // The union of both runs' rejections is the uninterrupted import's, each once.
        let union = (first.records + second.records).map(Self.key)
        if after.alreadyImported {
            #expect(first.records.map(Self.key) == expected.rejects)
        } else {
            #expect(union == expected.rejects)
            #expect(during.records + after.records == lines.count - 1)
            #expect(after.continuedAfterLine != nil)
        }
        let again = try Importer(store: store).importFile(path)
        #expect(again.alreadyImported && again.records == lines.count - 1)
    }

    @Test func anInterruptedImportOfAFileThatGrewSinceResumesAndWritesEveryRejectionOnce() throws {
        let lines = Self.lines()
        let path = directory.file("batch.csv", lines.prefix(400).joined(separator: "\n") + "\n")
        let store = try store("store")
        // The first chunk with rejections fails to write them, so it does not commit.
        #expect(throws: RejectsCollector.Refused.self) {
            _ = try Importer(store: store).importFile(
                path, options: ImportOptions(chunkSize: 50), rejects: RejectsCollector(failAt: 3))
        }
        #expect(try store.headSeq() > 0)
        Self.append(lines.dropFirst(400).joined(separator: "\n") + "\n", to: path)
        let rejects = RejectsCollector()
        let resumed = try Importer(store: store).importFile(path, options: ImportOptions(chunkSize: 50), rejects: rejects)
        #expect(resumed.resumedFromLine != nil)
        #expect(resumed.records == lines.count - 1)
        let expected = try reference(lines.joined(separator: "\n") + "\n")
        #expect(try store.dump() == expected.dump)
        #expect(rejects.records.map(Self.key) == expected.rejects)
    }

    @Test func aFileTruncatedWhileItIsImportedIsAFileErrorAndTheCompleteFileContinuesAfterWhatCommitted() throws {
        // Larger than the reader's 4 MiB buffer, so that the truncation lands before it is all read.
        let lines = Self.lines(orders: 14_000)
        let complete = lines.joined(separator: "\n") + "\n"
        let path = directory.file("batch.csv", complete)
        let store = try store("store")
        final class Truncating: RejectsOutput {
            let path: String
            var done = false
            init(path: String) { self.path = path }
            func write(_ records: [RejectedRecord], chunk: Int) throws {
                if !done { truncate(path, 3_000_000) }
                done = true
            }
        }
        let cut = try Importer(store: store).importFile(
            path, options: ImportOptions(chunkSize: 512), rejects: Truncating(path: path))
        #expect(cut.fileError?.hasPrefix("the file shrank while it was read") == true, "\(cut.fileError ?? "no error")")
        // The size it has now, not how far the reader got.
        #expect(cut.fileError?.contains(", 3000000 now)") == true, "\(cut.fileError ?? "no error")")
        #expect(cut.fileError?.contains("were committed") == true)
        let committed = try store.headSeq()
        #expect(committed > 0)
        // The read models show what was committed: caught up before the file's error returned.
        #expect(try store.statistics().checkpoints.values.allSatisfy { $0 == committed })
        _ = directory.file("batch.csv", complete)
        let rejects = RejectsCollector()
        let completed = try Importer(store: store).importFile(path, options: ImportOptions(chunkSize: 512), rejects: rejects)
        #expect(completed.fileError == nil && completed.resumedFromLine != nil)
        let expected = try reference(complete)
        #expect(try store.dump() == expected.dump)
        #expect(rejects.records.map(Self.key) == expected.rejects)
    }

    @Test func aFileRewrittenWithTheSameSizeWhileItIsReadIsAFileError() throws {
        let path = directory.file("batch.csv", "type,order_id,at\nship,O-1,2026-03-01T10:00:00Z\n")
        let file = try BatchFile(path: path)
        var later = stat()
        stat(path, &later)
        var times = [
            timespec(tv_sec: later.st_mtim.tv_sec + 5, tv_nsec: 0), timespec(tv_sec: later.st_mtim.tv_sec + 5, tv_nsec: 0),
        ]
        utimensat(AT_FDCWD, path, &times, 0)
        #expect(throws: BatchFileError.self) { _ = try file.limit.checkAtEnd() }
    }

    @Test func aWrongInputFormatDoesNotBurnTheFile() throws {
        let lines = Self.lines(orders: 50)
        let content = lines.joined(separator: "\n") + "\n"
        let path = directory.file("batch.csv", content)
        let store = try store("store")
        let wrong = try Importer(store: store).importFile(path, options: ImportOptions(format: .jsonl))
        #expect(wrong.accepted == 0 && wrong.rejected == wrong.records)
        let right = try Importer(store: store).importFile(path)
        #expect(!right.alreadyImported && right.records == lines.count - 1)
        #expect(try store.dump() == reference(content).dump)
        #expect(try Importer(store: store).importFile(path, options: ImportOptions(format: .jsonl)).alreadyImported)
    }

    @Test func aFileThatExtendsAFinishedBatchAppliesOnlyTheRecordsAfterIt() throws {
        let lines = Self.lines(orders: 60)
        let path = directory.file("batch.csv", lines.prefix(100).joined(separator: "\n") + "\n")
        let store = try store("store")
        let first = try Importer(store: store).importFile(path)
        Self.append(lines.dropFirst(100).joined(separator: "\n") + "\n", to: path)
        let rejects = RejectsCollector()
        let continued = try Importer(store: store).importFile(path, rejects: rejects)
        #expect(continued.continuedAfterLine == 100)
        #expect(continued.records == lines.count - 100)
        #expect(first.records + continued.records == lines.count - 1)
        #expect(rejects.records.allSatisfy { $0.line > 100 })
        let expected = try reference(lines.joined(separator: "\n") + "\n")
        #expect(try store.dump() == expected.dump)
        // The chain's rejections, first batch first, are those of one import.
        let stored = try store.rejections(ofFile: path, format: .csv).flatMap { $0.rejections.map { $0.record(file: path) } }
        #expect(stored.map(Self.key) == expected.rejects)
        // The shorter file is still the first batch: already imported.
        let shorter = directory.file("shorter.csv", lines.prefix(100).joined(separator: "\n") + "\n")
        let again = try Importer(store: store).importFile(shorter)
        #expect(again.alreadyImported && again.records == first.records)
    }

    @Test func aFileThatExtendsABatchWhoseLastLineHadNoLineEndIsAFileError() throws {
        let path = directory.file("batch.csv", "type,order_id,at\nship,O-1,2026-03-01T10:00:00Z")
        let store = try store("store")
        _ = try Importer(store: store).importFile(path)
        Self.append("Z\nship,O-2,2026-03-01T10:00:00Z\n", to: path)
        let extended = try Importer(store: store).importFile(path)
        #expect(extended.fileError?.contains("last line (line 2) had no line end") == true)
        #expect(extended.exitStatus == 2)
    }

    /// The same in JSON Lines, whose reader names the line as the CSV reader does: the last one
    /// read, not one past it.
    @Test func aJSONLinesFileThatExtendsABatchWhoseLastLineHadNoLineEndNamesThatLine() throws {
        let first = #"{"type":"ship","order_id":"O-1","at":"2026-03-01T10:00:00Z"}"#
        let path = directory.file("batch.jsonl", first + "\n" + first)
        let store = try store("store")
        _ = try Importer(store: store).importFile(path)
        Self.append("\n" + first + "\n", to: path)
        let extended = try Importer(store: store).importFile(path)
        #expect(extended.fileError?.contains("last line (line 2) had no line end") == true, "\(extended.fileError ?? "")")
        #expect(extended.exitStatus == 2)
    }

    /// `Fixtures/format1` was made by the release before batch records (commit adfb994):
    /// `orders import --store Fixtures/format1 Fixtures/format1/batch.csv` (a copy of data/good-batch.csv).
    @Test func aStoreOfFormatOneIsUpgradedAndKeepsRecognisingWhatItImported() throws {
        let fixture = EarlierFormatStores.path("format1")
        let path = directory.path + "/legacy"
        try FileManager.default.copyItem(atPath: fixture, toPath: path)
        let batch = try String(contentsOfFile: fixture + "/batch.csv", encoding: .utf8)
        let format = { try StoreFixture.entries(database: "meta", at: path).first { $0.key == Array("format".utf8) }?.value }
        #expect(try format() == [1, 0, 0, 0])
        let before = try LedgerStore(path: path, readOnly: true).dump()
        let store = try LedgerStore(path: path, durable: false)
        #expect(try format() == [UInt8(LedgerStore.formatVersion), 0, 0, 0])
        let again = try Importer(store: store).importFile(path + "/batch.csv")
        #expect(again.alreadyImported)
        #expect(try store.dump() == before)
        // Extended, the file continues after the adopted batch.
        let extended = directory.file("extended.csv", batch + "ship,O-1001,2026-03-05T10:00:00Z\n")
        let continued = try Importer(store: store).importFile(extended)
        #expect(continued.continuedAfterLine != nil && continued.records == 1)
    }
}
