import BatchGenerator
import LedgerServices
import LedgerStore
import Synchronization
import TestSupport
import Testing

/// A stop asked for (as a signal handler does) between batches: the import keeps exactly the
/// chunks committed before and says how far that is; a rebuild or verify ends unfinished, and a
/// rebuild leaves the read models as they were.
struct StopRequestTests {
    let directory = TemporaryDirectory()

    /// Says "stop" from the `after`-th question on.
    final class StopAfter: Sendable {
        private let asked = Atomic<Int>(0)
        private let after: Int
        init(_ after: Int) { self.after = after }
        var shouldStop: @Sendable () -> Bool { { [self] in asked.add(1, ordering: .relaxed).newValue >= after } }
    }

    func batch() -> String {
        var lines: [String] = []
        var generator = BatchGenerator(settings: GeneratorSettings(orders: 300, seed: 4, badShare: 0.1, customers: 40, skus: 20))
        _ = generator.generate { lines.append($0) }
        return directory.file("batch.csv", lines.joined(separator: "\n") + "\n")
    }

    @Test(arguments: [1, 2, 5, 9]) func aStoppedImportKeepsItsCommittedChunksAndContinuesToTheSameLedger(_ after: Int) throws {
        let batch = batch()
        let store = try LedgerStore(path: directory.path + "/store", durable: false)
        let stopping = ImportOptions(chunkSize: 50, shouldStop: StopAfter(after).shouldStop)
        let stopped = try #require(throws: ImportInterrupted.self) {
            try Importer(store: store).importFile(batch, options: stopping)
        }
        #expect(stopped.file == batch)
        // Asked before each chunk and before each of its batches (one here): the first two
        // questions come before the first commit. Line 1 is the header and every record one line,
        // so a commit boundary is 1 + a multiple of 50.
        #expect(after <= 2 ? stopped.committedLines == 0 : stopped.committedLines > 1)
        #expect(stopped.committedLines == 0 || (stopped.committedLines - 1) % 50 == 0)
        #expect(try Verifier(store: store).verify().isConsistent)

        let resumed = try Importer(store: store).importFile(batch, options: ImportOptions(chunkSize: 50))
        #expect(resumed.resumedFromLine == (stopped.committedLines == 0 ? nil : stopped.committedLines + 1))
        let reference = try LedgerStore(path: directory.path + "/reference", durable: false)
        _ = try Importer(store: reference).importFile(batch)
        #expect(try store.dump() == reference.dump())
    }

    @Test func aStoppedRebuildLeavesTheReadModelsAndAStoppedVerifyThrows() throws {
        let batch = batch()
        let store = try LedgerStore(path: directory.path + "/store", durable: false)
        _ = try Importer(store: store).importFile(batch, options: ImportOptions(chunkSize: 37))
        let before = try store.dump()
        #expect(throws: ReplayInterrupted.self) { try Rebuilder(store: store).rebuild(shouldStop: { true }) }
        #expect(throws: ReplayInterrupted.self) { try Verifier(store: store).verify(shouldStop: { true }) }
        #expect(try store.dump() == before)
        #expect(try Verifier(store: store).verify().isConsistent)
    }
}
