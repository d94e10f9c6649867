import BatchGenerator
import Foundation
import LedgerDomain
import LedgerServices
import LedgerStore
import TestSupport
import Testing

struct GeneratedBatchTests {
    let directory = TemporaryDirectory()

    func generate(_ format: RecordFormat, orders: Int = 800, badShare: Double = 0.25) -> (String, GeneratorReport) {
        var lines: [String] = []
        var generator = BatchGenerator(settings: GeneratorSettings(orders: orders, format: format, seed: 7, badShare: badShare))
        let report = generator.generate { lines.append($0) }
        let path = directory.file("batch.\(format.rawValue)", lines.joined(separator: "\n") + "\n")
        return (path, report)
    }

    @Test(arguments: RecordFormat.allCases)
    func everyGeneratedBadRecordGetsTheCodeTheGeneratorExpects(format: RecordFormat) throws {
        let (path, report) = generate(format)
        #expect(Set(report.rejected.keys) == Set(RejectionCode.allCases), "the batch covers every code")
        let store = try LedgerStore(path: directory.path + "/store-\(format)", durable: false)
        try GeneratedStore.expectPredictedImport(of: path, into: store, chunkSize: 500, report: report)
    }

    @Test func csvAndJSONLinesOfTheSameCommandsGiveTheSameLedger() throws {
        let (csv, _) = generate(.csv, orders: 300, badShare: 0.1)
        let (jsonl, _) = generate(.jsonl, orders: 300, badShare: 0.1)
        let first = try LedgerStore(path: directory.path + "/a", durable: false)
        let second = try LedgerStore(path: directory.path + "/b", durable: false)
        _ = try Importer(store: first).importFile(csv)
        _ = try Importer(store: second).importFile(jsonl)
        #expect(try first.dump() == second.dump())
    }

    @Test func chunkSizeDoesNotChangeTheResult() throws {
        let (path, _) = generate(.csv, orders: 300, badShare: 0.1)
        let small = try LedgerStore(path: directory.path + "/small", durable: false)
        let large = try LedgerStore(path: directory.path + "/large", durable: false)
        _ = try Importer(store: small).importFile(path, options: ImportOptions(chunkSize: 3))
        _ = try Importer(store: large).importFile(path, options: ImportOptions(chunkSize: 100_000))
        #expect(try small.dump() == large.dump())
    }
}
