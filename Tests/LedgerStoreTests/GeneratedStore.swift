import BatchGenerator
import LedgerDomain
import LedgerStore
import TestSupport
import Testing

/// A store holding an imported generated batch, for tests of what is derived from the log.
enum GeneratedStore {
    /// Generates a batch with `settings`, imports it into `directory/store` in commits of
    /// `chunkSize` records (not synced: tests need no durability) and returns the store.
    static func make(in directory: TemporaryDirectory, _ settings: GeneratorSettings, chunkSize: Int) throws -> LedgerStore {
        var lines: [String] = []
        var generator = BatchGenerator(settings: settings)
        _ = generator.generate { lines.append($0) }
        let store = try LedgerStore(path: directory.path + "/store", durable: false)
        let batch = directory.file("batch.csv", lines.joined(separator: "\n") + "\n")
        _ = try Importer(store: store).importFile(batch, options: ImportOptions(chunkSize: chunkSize))
        return store
    }

    /// Imports the generated batch at `path` into `store` in commits of `chunkSize` records and
    /// expects exactly the outcome the generator predicted: records, accepted, duplicates and
    /// the count of each rejection code.
    static func expectPredictedImport(
        of path: String, into store: LedgerStore, chunkSize: Int, report: GeneratorReport,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let rejects = RejectsCollector()
        let summary = try Importer(store: store).importFile(
            path, options: ImportOptions(chunkSize: chunkSize), rejects: rejects)
        let codes = Dictionary(rejects.records.map { ($0.rejection.code, 1) }, uniquingKeysWith: +)
        #expect(summary.records == report.records, sourceLocation: sourceLocation)
        #expect(summary.accepted == report.accepted, sourceLocation: sourceLocation)
        #expect(summary.duplicates == report.duplicates, sourceLocation: sourceLocation)
        #expect(codes == report.rejected, sourceLocation: sourceLocation)
        #expect(try store.headSeq() == UInt64(report.accepted), sourceLocation: sourceLocation)
    }
}
