import Foundation
import LedgerServices
import LedgerStore
import TestSupport
import Testing

/// Stores written by earlier releases: they answer every query read-only as they are, and the
/// first writable open (or `orders upgrade`) takes them through every format step in one
/// transaction, the hash chain computed over the log they hold.
struct FormatUpgradeTests {
    let directory = TemporaryDirectory()

    /// `Fixtures/format1`: made by the release before batch records (see `BatchIdentityTests`).
    /// `Fixtures/format5`: made by the release before the checks of format 6 (commit a3b0c6e):
    /// `orders import --store S --records-per-commit 5 batch.csv bad-batch.jsonl generated.csv`,
    /// the last from `generate-batch --orders 40 --bad-share 0.1 --seed 3` (over 4 KiB: a head key
    /// by the digest of its first 4 KiB), its `data.mdb` copied with the three batches beside it.
    /// `Fixtures/format2`: made by the release before the hash chain (commit c2dec63):
    /// `orders import --store S --records-per-commit 5 data/good-batch.csv data/bad-batch.jsonl`,
    /// its `data.mdb` copied with the two batches beside it (`batch.csv`, `bad-batch.jsonl`).
    func fixture(_ format: Int) throws -> String {
        let path = directory.path + "/format\(format)"
        try FileManager.default.copyItem(atPath: EarlierFormatStores.path("format\(format)"), toPath: path)
        return path
    }

    func storedFormat(_ path: String) throws -> [UInt8]? {
        try StoreFixture.entries(database: "meta", at: path).first { $0.key == Array("format".utf8) }?.value
    }

    @Test(arguments: [1, 2])
    func anOlderStoreAnswersEveryQueryReadOnlyAndUpgradesWithItsChain(format: Int) throws {
        let path = try fixture(format)
        let old = try LedgerStore(path: path, readOnly: true)
        #expect(old.foundFormat == UInt32(format))
        let answers = (
            try old.orders(OrderFilter(limit: 0)), try old.order("O-1002"), try old.customers(), try old.revenue(),
            try old.skus(), try old.statistics()
        )
        #expect(answers.0.count >= 4 && answers.1 != nil && !answers.2.isEmpty && !answers.3.isEmpty)
        #expect(answers.5.chain == nil && answers.5.events >= 13)
        let asOf = AsOfLedger(store: old, asOf: .seq(5))
        #expect(try asOf.statistics().headSeq == 5)
        #expect(try Verifier(store: old).verify().isConsistent)
        let dump = try old.dump()
        #expect(try storedFormat(path) == [UInt8(format), 0, 0, 0])

        let upgraded = try LedgerStore(path: path, durable: false)
        #expect(upgraded.foundFormat == UInt32(format))
        #expect(try storedFormat(path) == [UInt8(LedgerStore.formatVersion), 0, 0, 0])
        #expect(try upgraded.dump() == dump)
        #expect(try upgraded.orders(OrderFilter(limit: 0)) == answers.0)
        #expect(try upgraded.customers() == answers.2)
        #expect(try upgraded.revenue() == answers.3 && upgraded.skus() == answers.4)
        let report = try Verifier(store: upgraded).verify()
        #expect(report.isConsistent, "\(report.differences)")
        #expect(report.chain?.seq == (try upgraded.headSeq()))
        #expect(try upgraded.statistics().chain == report.chain)
        // Opened again, it is of this format already and nothing changes.
        #expect(try LedgerStore(path: path, durable: false).foundFormat == LedgerStore.formatVersion)
        #expect(try Verifier(store: upgraded).verify().chain == report.chain)
    }

    @Test func theFormatTwoFixtureKeepsItsBatchesAndRejectionsThroughTheUpgrade() throws {
        let path = try fixture(2)
        let store = try LedgerStore(path: path, durable: false)
        let rejections = try store.rejections(ofFile: path + "/bad-batch.jsonl", format: .jsonl)
        #expect(rejections.flatMap(\.rejections).count == 8)
        let again = try Importer(store: store).importFile(path + "/batch.csv")
        #expect(again.alreadyImported)
        let more = directory.file(
            "more.csv", "type,order_id,customer_id,currency,lines,at\nplace,O-9001,C-ada,EUR,A-1*1@100,2026-03-09T10:00:00Z\n")
        let summary = try Importer(store: store).importFile(more)
        #expect(summary.accepted == 1)
        let report = try Verifier(store: store).verify()
        #expect(report.isConsistent, "\(report.differences)")
        #expect(report.chain?.seq == 19)
    }

    @Test func theFormatFiveFixtureGetsItsChecksAndKeepsItsLedger() throws {
        let path = try fixture(5)
        let old = try LedgerStore(path: path, readOnly: true)
        #expect(old.foundFormat == 5)
        let before = try Verifier(store: old).verify()
        #expect(before.isConsistent, "\(before.differences)")
        let dump = try old.dump()
        let rejections = try old.rejections(ofFile: path + "/generated.csv", format: .csv).flatMap(\.rejections)
        #expect(!rejections.isEmpty)

        let store = try LedgerStore(path: path, durable: false)
        #expect(try storedFormat(path) == [UInt8(LedgerStore.formatVersion), 0, 0, 0])
        #expect(try store.dump() == dump)
        #expect(try store.rejections(ofFile: path + "/generated.csv", format: .csv).flatMap(\.rejections) == rejections)
        let report = try Verifier(store: store).verify()
        #expect(report.isConsistent, "\(report.differences)")
        #expect(report.chain?.seq == before.chain?.seq && report.chain != before.chain)
        // Every stored command id got its event's flag, and each batch its head key's digest.
        let flagged = try StoreFixture.entries(database: "log", at: path).filter { $0.value[1] & 4 != 0 }
        #expect(flagged.map(\.key) == (try StoreFixture.entries(database: "commands", at: path).map(\.key)))
        #expect(try Importer(store: store).importFile(path + "/generated.csv").alreadyImported)
        #expect(try Importer(store: store).importFile(path + "/batch.csv").alreadyImported)
    }
}
