import BatchGenerator
import LedgerDomain
import LedgerServices
import LedgerStore
import TestSupport
import Testing

extension GeneratedStore {
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
