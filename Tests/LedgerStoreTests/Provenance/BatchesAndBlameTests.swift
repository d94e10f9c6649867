import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// SPEC §11: `batches` and `blame` against the hand-computed `ProvenanceLedger`.
struct BatchesAndBlameTests {
    @Test(arguments: [1, 2, 100])
    func theBatchesAreListedInCommitOrderAndAddUpToTheEvents(chunkSize: Int) throws {
        let ledger = try ProvenanceLedger(chunkSize: chunkSize)
        let rows = try ledger.store.batches()
        #expect(rows.map(\.number) == [1, 2])
        #expect(
            rows.map(\.digest) == [
                ProvenanceLedger.digest(ProvenanceLedger.first), ProvenanceLedger.digest(ProvenanceLedger.second),
            ])
        #expect(rows.map(\.file) == [ledger.firstPath, ledger.secondPath])
        #expect(rows.map(\.records) == [7, 2])
        #expect(rows.map(\.accepted) == [5, 2])
        #expect(rows.map(\.rejected) == [1, 0])
        #expect(rows.map(\.duplicates) == [1, 0])
        #expect(rows.map(\.firstSeq) == [1, 6])
        #expect(rows.map(\.lastSeq) == [5, 7])
        #expect(rows.allSatisfy { $0.finished })
        #expect(rows.map(\.continuedAfterLine) == [nil, 9])
        #expect(rows.allSatisfy { $0.importedAt != nil })
        #expect(rows.reduce(0) { $0 + $1.accepted } == (try ledger.store.statistics().events))
    }

    @Test(arguments: [1, 3, 100])
    func blameNamesTheFileLineBatchAndCommandIDOfEachEvent(chunkSize: Int) throws {
        let ledger = try ProvenanceLedger(chunkSize: chunkSize)
        let first = ProvenanceLedger.digest(ProvenanceLedger.first)
        let second = ProvenanceLedger.digest(ProvenanceLedger.second)
        let blamed = try #require(try ledger.store.blame("O-1"))
        #expect(blamed.map(\.seq) == [1, 3, 5, 6])
        #expect(blamed.map(\.version) == [1, 2, 3, 4])
        #expect(blamed.map(\.kind) == [.placed, .paid, .shipped, .delivered])
        #expect(blamed.map(\.file) == [ledger.firstPath, ledger.firstPath, ledger.firstPath, ledger.secondPath])
        #expect(blamed.map(\.line) == [2, 4, 9, 10])
        #expect(blamed.map(\.batch) == [first, first, first, second])
        #expect(blamed.map(\.commandID) == ["c-1", "c-2", "c-5", "c-6"])
        // A record over two lines is blamed on its first; a record without a command id has none.
        let cancelled = try #require(try ledger.store.blame("O-2"))
        #expect(cancelled.map(\.line) == [3, 7])
        #expect(cancelled.map(\.commandID) == [nil, "c-4"])
        #expect(try ledger.store.blame("O-9") == nil)
        // As of a past moment: only the events up to it.
        #expect(try ledger.store.blame("O-1", asOf: .seq(4))?.map(\.seq) == [1, 3])
        #expect(try ledger.store.blame("O-3", asOf: .time(Timestamp("2026-03-01T23:59:59Z")!)) == nil)
    }

    @Test func anAtomicRollbackAddsNoBatchRowAndNoProvenance() throws {
        let ledger = try ProvenanceLedger()
        let dump = try ledger.store.provenanceDump()
        let path = ledger.directory.file(
            "c.csv",
            ProvenanceLedger.header
                + "place,O-4,C-1,EUR,A-1*1@1,,2026-03-03T00:00:00Z,c-8,\npay,O-99,,,,1,2026-03-03T00:00:00Z,,\n")
        let summary = try Importer(store: ledger.store).importFile(path, options: ImportOptions(atomic: true))
        #expect(summary.rolledBack)
        #expect(try ledger.store.batches().count == 2)
        #expect(try ledger.store.provenanceDump() == dump)
        #expect(try ledger.store.blame("O-4") == nil)
    }

    @Test func anInterruptedImportShowsItsUnfinishedRowAndTheResumeFinishesIt() throws {
        let directory = TemporaryDirectory()
        let store = try LedgerStore(path: directory.path + "/store", durable: false)
        let path = directory.file("a.csv", ProvenanceLedger.first)
        // Stopped once the first chunk committed.
        let stop = StopFlag()
        let stopping = ImportOptions(chunkSize: 2, shouldStop: { stop.isRaised })
        #expect(throws: ImportInterrupted.self) {
            try Importer(store: store).importFile(path, options: stopping) { _ in stop.raise() }
        }
        let unfinished = try #require(try store.batches().first)
        #expect(!unfinished.finished)
        #expect(unfinished.records < 7 && unfinished.accepted > 0)
        #expect(unfinished.accepted == (try store.statistics().events))
        #expect(try store.blame("O-1")?.first?.line == 2)

        _ = try Importer(store: store).importFile(path, options: ImportOptions(chunkSize: 2))
        let rows = try store.batches()
        #expect(rows.count == 1)
        #expect(rows[0].finished && rows[0].records == 7 && rows[0].accepted == 5)
        #expect(try store.blame("O-1")?.map(\.line) == [2, 4, 9])
        #expect(try Verifier(store: store).verify().isConsistent)
    }
}
