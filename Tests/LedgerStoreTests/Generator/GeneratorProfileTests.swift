import BatchGenerator
import LedgerDomain
import LedgerServices
import LedgerStore
import TestSupport
import Testing

/// Every generator profile on a small batch with bad records in it: the import gives exactly the
/// outcome the generator predicts, the replay on 1–4 threads gives back what the import stored,
/// and a rebuild changes no answer.
struct GeneratorProfileTests {
    let directory = TemporaryDirectory()

    /// 2,000 orders of `profile`, with a fifth as many extra records bad, and what they must do.
    func batch(_ profile: GeneratorProfile, _ format: RecordFormat) -> (path: String, report: GeneratorReport) {
        var lines: [String] = []
        var generator = BatchGenerator(settings: profile.settings(orders: 2_000, format: format, seed: 11, badShare: 0.2))
        let report = generator.generate { lines.append($0) }
        let path = directory.file("\(profile)-batch.\(format.rawValue)", lines.joined(separator: "\n") + "\n")
        return (path, report)
    }

    @Test(arguments: GeneratorProfile.allCases, RecordFormat.allCases)
    func importingAProfilesBatchGivesExactlyTheOutcomeTheGeneratorPredicts(profile: GeneratorProfile, format: RecordFormat) throws
    {
        let (path, report) = batch(profile, format)
        #expect(Set(report.rejected.keys) == Set(RejectionCode.allCases), "the batch covers every code")
        let store = try LedgerStore(path: directory.path + "/store", durable: false)
        try GeneratedStore.expectPredictedImport(of: path, into: store, chunkSize: 331, report: report)
        #expect(try store.statistics().orders == 2_000)
    }

    @Test(arguments: GeneratorProfile.allCases)
    func aProfilesLedgerReplaysOnEveryThreadCountToWhatTheImportStored(profile: GeneratorProfile) throws {
        let (path, _) = batch(profile, .csv)
        let store = try LedgerStore(path: directory.path + "/store", durable: false)
        _ = try Importer(store: store).importFile(path, options: ImportOptions(chunkSize: 97))
        let whole = try ReplayCore(store: store, threads: 1).replay(collectingNames: true)
        #expect(whole.problems.isEmpty)
        #expect(whole.orders.count == 2_000)
        for threads in 2...4 {
            let split = try ReplayCore(store: store, threads: threads).replay(collectingNames: true)
            #expect(split.problems.isEmpty, "\(threads) threads")
            #expect(Array(split.orders) == Array(whole.orders) && Array(split.lastSeqs) == Array(whole.lastSeqs))
            #expect(split.makeReadModels() == whole.makeReadModels() && split.headSeq == whole.headSeq)
            #expect(split.orderIDs == whole.orderIDs && split.customerIDs == whole.customerIDs && split.skuIDs == whole.skuIDs)
        }
        let verified = try Verifier(store: store).verify()
        #expect(verified.isConsistent, "\(verified.differences.prefix(3))")

        let before = try answers(store)
        let statistics = try store.statistics()
        _ = try Rebuilder(store: store).rebuild()
        #expect(try answers(store) == before)
        #expect(try store.statistics() == statistics)
        #expect(try Verifier(store: store).verify().isConsistent)
    }

    /// Every query's answer over the whole ledger, as one comparable value.
    func answers(_ store: LedgerStore) throws -> [String] {
        [
            "\(try store.orders(OrderFilter(limit: 0)))", "\(try store.customers())", "\(try store.revenue())",
            "\(try store.skus())",
        ]
    }
}
