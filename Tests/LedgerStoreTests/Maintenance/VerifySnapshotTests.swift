import BatchGenerator
import Foundation
import LMDB
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// Verify recomputes the chain and compares the id dictionaries on threads of their own, each in a
/// snapshot of its own, begun after the caller's has replayed the log. These tests commit in
/// between (`Verifier.beforeOtherSnapshots`), so that those snapshots see a later commit than the
/// caller's: the comparison must still be the caller's snapshot's, never skipped.
struct VerifySnapshotTests {
    let directory = TemporaryDirectory()
    var path: String { directory.path + "/store" }

    func importGenerated() throws -> LedgerStore {
        let settings = GeneratorSettings(orders: 120, seed: 29, badShare: 0, customers: 30, skus: 20)
        return try GeneratedStore.make(in: directory, settings, chunkSize: 41)
    }

    /// Commits `body` in a write transaction of `store` on a thread of its own (the caller's thread
    /// holds verify's snapshot), and waits for it.
    func commit(in store: LedgerStore, _ body: @escaping @Sendable (LedgerTransaction) throws -> Void) throws {
        try BackgroundThread { try store.write(body) }.wait()
    }

    /// Stores `id` as the name of order number `number` (big-endian, as `order_names` keys it).
    static func name(_ number: UInt32, _ id: String, _ ledger: LedgerTransaction) throws {
        try ledger.txn.put(ledger.databases.orderNames, BigEndianKey32(number), Array(id.utf8))
    }

    /// A verifier of the store `writer` has open, read-only with a small map to start with, whose
    /// hook commits through `writer` more than that map holds (twice the file): another process's
    /// import in effect. A snapshot begun after it has to map the file anew, which would move the
    /// map under the caller's open snapshot. (The writer is opened first: a second environment
    /// opened in the same process while the first holds a snapshot would reset its reader table.)
    func verifierGrowingTheFile(through writer: LedgerStore) throws -> Verifier {
        var size = stat()
        #expect(stat(path + "/data.mdb", &size) == 0)
        let reader = try LedgerStore(path: path, readOnly: true, creating: false, durable: false, mapSize: 64 << 10)
        var verifier = Verifier(store: reader)
        verifier.beforeOtherSnapshots = {
            let padding = [UInt8](repeating: 0x5A, count: 3 * Int(size.st_size))
            try commit(in: writer) { ledger in try ledger.txn.put(ledger.databases.meta, "test-padding", padding) }
        }
        return verifier
    }

    @Test func anIdAddedBetweenVerifysSnapshotsIsNotADifference() throws {
        let store = try importGenerated()
        let head = try store.headSeq()
        var verifier = Verifier(store: store)
        var committed = false
        verifier.beforeOtherSnapshots = {
            // An order id the log never named, with its number: the dictionaries of the later
            // snapshot hold one id more than the caller's replay.
            try commit(in: store) { ledger in
                try ledger.txn.put(ledger.databases.orderIDs, "O-not-in-the-log", LittleEndianValue(UInt32(120)))
                try Self.name(120, "O-not-in-the-log", ledger)
            }
            committed = true
        }
        let report = try verifier.verify()
        #expect(committed)
        #expect(report.isConsistent, "\(report.differences)")
        #expect(report.events == Int(head))
        #expect(report.chain?.seq == head)
        // The commit did land, and a verify in a snapshot that holds it says so.
        let after = try Verifier(store: store).verify()
        #expect(after.differences.contains("ids: 121 order ids are stored, the log names 120"), "\(after.differences)")
    }

    @Test func anIdDamagedInVerifysSnapshotIsReportedWhenACommitRepairsItBeforeTheOtherSnapshots() throws {
        let store = try importGenerated()
        try commit(in: store) { try Self.name(9, "O-8", $0) }
        var verifier = Verifier(store: store)
        verifier.beforeOtherSnapshots = { try commit(in: store) { try Self.name(9, "O-9", $0) } }
        let report = try verifier.verify()
        // Compared in the caller's snapshot, which holds the damage; the later one would pass.
        #expect(report.differences == ["ids: order number 9 is not named O-9"])
        #expect(try Verifier(store: store).verify().isConsistent)
    }

    @Test func aStoreGrownPastVerifysMapBeforeItsOtherSnapshotsVerifiesInTheCallersSnapshot() throws {
        let writer = try importGenerated()
        let head = try writer.headSeq()
        let report = try verifierGrowingTheFile(through: writer).verify()
        #expect(report.isConsistent, "\(report.differences)")
        #expect(report.events == Int(head))
        #expect(report.chain?.seq == head)
    }

    @Test func aChainThatTheReplayDoesNotConfirmIsRecheckedInTheCallersSnapshotWhenTheFileGrewPastVerifysMap() throws {
        let writer = try importGenerated()
        // The first link's stored digest changed: the replay does not confirm the chain, so verify
        // recomputes it from the start on a thread of its own, in a snapshot of its own.
        let first = try writer.read { try $0.chainLinks()[0] }
        try commit(in: writer) { ledger in
            try ledger.txn.put(try #require(ledger.databases.chain), BigEndianKey64(first.seq), first.digest.map { ~$0 })
        }
        let unchanged = try Verifier(store: writer).verify()
        #expect(unchanged.differences.contains { $0.hasPrefix("chain: ") }, "\(unchanged.differences)")
        let report = try verifierGrowingTheFile(through: writer).verify()
        #expect(report.differences == unchanged.differences)
        #expect(report.chain == unchanged.chain)
    }
}
