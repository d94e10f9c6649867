import BatchGenerator
import LedgerDomain
import LedgerStore
import PropertyBased
import TestSupport
import Testing

/// Properties of import, replay and verify over generated batches with bad records in them:
/// whatever the batch, the commit size and the number of replay threads, the replay gives back
/// what the import stored.
struct ReplayPropertyTests {
    @Test func anyBatchReplaysToWhatTheImportStored() async throws {
        await propertyCheck(
            count: 12, input: Gen.uint64(in: 1...1_000_000), Gen.int(in: 0...30), Gen.int(in: 1...500), Gen.int(in: 1...4)
        ) { seed, badPercent, chunk, threads in
            let directory = TemporaryDirectory()
            let settings = GeneratorSettings(
                orders: 150, seed: seed, badShare: Double(badPercent) / 100, customers: 25, skus: 12, concurrentOrders: 40)
            let store = try GeneratedStore.make(in: directory, settings, chunkSize: chunk)
            let whole = try ReplayCore(store: store, threads: 1).replay(collectingNames: true)
            let split = try ReplayCore(store: store, threads: threads).replay(collectingNames: true)
            #expect(whole.problems.isEmpty && split.problems.isEmpty)
            #expect(Array(split.orders) == Array(whole.orders) && Array(split.lastSeqs) == Array(whole.lastSeqs))
            #expect(split.makeReadModels() == whole.makeReadModels() && split.orderIDs == whole.orderIDs)
            let report = try Verifier(store: store).verify()
            #expect(report.isConsistent, "\(report.differences.prefix(3))")
            #expect(report.orders == 150)
        }
    }
}
