import BatchGenerator
import Foundation
import LMDB
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// Verify's replay reads the log's leaf pages in the map (`LogScan`): it folds what a replay
/// through LMDB's cursor folds, and where a leaf does not fit the layout it reads on through the
/// cursor from the event after the last one folded, so that each event is folded once.
struct VerifyReadsTheLogsLeavesTests {
    let directory = TemporaryDirectory()
    var path: String { directory.path + "/store" }

    func makeStore() throws {
        let settings = GeneratorSettings(orders: 2_000, seed: 4, badShare: 0.05)
        _ = try GeneratedStore.make(in: directory, settings, chunkSize: 499)
    }

    /// The page number of the leaf of `log` that holds `seq` (no environment of this process stays open).
    func leafOfLog(holding seq: UInt64) throws -> UInt64 {
        let environment = try Environment(directory: path)
        let log = try environment.openDatabase(named: "log")
        return try environment.read { txn in
            let key = try #require(try txn.withCursor(log) { try $0.seek(atLeast: BigEndianKey64(seq))?.key })
            let start = UInt(bitPattern: key.baseAddress) & ~UInt(4095)
            return try #require(UnsafeRawPointer(bitPattern: start)).load(as: UInt64.self)
        }
    }

    @Test func theReplayOfTheLeavesFoldsWhatTheCursorsReplayFolds() throws {
        try makeStore()
        let store = try LedgerStore(path: path, readOnly: true)
        let report = try Verifier(store: store, eventsPerEpoch: 1_000).verify()
        #expect(report.isConsistent, "\(report.differences)")
        let replayed = try ReplayCore(store: store).replay(collectingNames: true)
        #expect(report.events == replayed.eventCount)
        #expect(report.orders == replayed.orders.count)
    }

    @Test func aLeafThatDoesNotFitTheLayoutIsReadThroughTheCursorAndEachEventFoldedOnce() throws {
        try makeStore()
        // A leaf in the middle of the log no longer holds its own page number (LMDB does not look).
        let page = try leafOfLog(holding: 4_000)
        let file = URL(fileURLWithPath: path + "/data.mdb")
        var bytes = try Data(contentsOf: file)
        bytes[Int(page) * 4096] ^= 0xFF
        try bytes.write(to: file)
        let store = try LedgerStore(path: path, readOnly: true)
        let report = try Verifier(store: store, eventsPerEpoch: 1_000).verify()
        #expect(report.isConsistent, "\(report.differences)")
        #expect(report.events == Int(try store.read { try $0.headSeq() }))
    }
}
