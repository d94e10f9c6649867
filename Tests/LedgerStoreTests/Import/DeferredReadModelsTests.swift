import BatchGenerator
import Foundation
import LedgerDomain
import LedgerServices
import LedgerStore
import Synchronization
import TestSupport
import Testing

/// An import writes the read models back with its last chunk only (each commit used to rewrite
/// most of their pages): until then, and after an import that did not finish, they show the ledger
/// at their checkpoint while the log goes on; the next import brings them up first.
struct DeferredReadModelsTests {
    let directory = TemporaryDirectory()

    /// What the store held before: an order of a customer that the next batch also buys for.
    static let first = """
        type,order_id,customer_id,currency,lines,amount,at
        place,X-1,C-1,EUR,A-1*2@1250,,2026-01-01T10:00:00Z
        pay,X-1,,,,1000,2026-01-01T10:01:00Z
        place,X-2,C-2,USD,A-1*1@300,,2026-01-01T11:00:00Z

        """

    /// Keeps the notices an import shows.
    final class Notices: Sendable {
        private let lines = Mutex<[String]>([])
        var notice: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }
        var all: [String] { lines.withLock { $0 } }
    }

    func secondBatch() -> String {
        var lines: [String] = []
        var generator = BatchGenerator(settings: GeneratorSettings(orders: 300, seed: 4, badShare: 0.1, customers: 40, skus: 20))
        _ = generator.generate { lines.append($0) }
        // First, a payment of an order the store held before.
        lines.insert("pay,X-1,,,,1500,2026-01-01T12:00:00Z,,,", at: 1)
        return directory.file("second.csv", lines.joined(separator: "\n") + "\n")
    }

    func store(_ name: String, importing files: [String]) throws -> LedgerStore {
        let store = try LedgerStore(path: directory.path + "/" + name, durable: false)
        for file in files { _ = try Importer(store: store).importFile(file, options: ImportOptions(chunkSize: 50)) }
        return store
    }

    @Test func anImportThatDidNotFinishLeavesTheReadModelsAtTheirCheckpointAndTheNextOneBringsThemUp() throws {
        let first = directory.file("first.csv", Self.first)
        let second = secondBatch()
        let store = try store("store", importing: [first])
        let before = try store.headSeq()
        let stopping = ImportOptions(chunkSize: 50, shouldStop: StopRequestTests.StopAfter(6).shouldStop)
        let stopped = try #require(throws: ImportInterrupted.self) {
            try Importer(store: store).importFile(second, options: stopping)
        }
        #expect(stopped.committedLines > 1)
        let stoppedAt = try store.headSeq()
        #expect(stoppedAt > before)

        // Every query of the read models answers as the store before the import did.
        let earlier = try self.store("earlier", importing: [first])
        let statistics = try store.statistics()
        let expected = try earlier.statistics()
        #expect(statistics.checkpoints.values.allSatisfy { $0 == before })
        #expect(statistics.events > expected.events)
        #expect(statistics.orders == expected.orders && statistics.customers == expected.customers)
        #expect(statistics.skus == expected.skus && statistics.byStatus == expected.byStatus)
        #expect(try store.orders(OrderFilter(limit: 0)) == earlier.orders(OrderFilter(limit: 0)))
        #expect(
            try store.orders(OrderFilter(customer: "C-1", limit: 0)) == earlier.orders(OrderFilter(customer: "C-1", limit: 0)))
        #expect(try store.customers() == earlier.customers())
        #expect(try store.skus() == earlier.skus())
        #expect(try store.revenue() == earlier.revenue())
        // An order placed after the checkpoint is in the log, not in the read models yet: `show`
        // finds no such order (it is not damage).
        var placedLater: String?
        try store.snapshot { snapshot in
            try snapshot.forEachEvent(from: before + 1) { if placedLater == nil, $0.kind == .placed { placedLater = $0.orderID } }
        }
        let later = try #require(placedLater)
        #expect(try store.order(later) == nil)

        // What reads the log reads it all, as in a store that imported the batch to the end.
        let uninterrupted = try self.store("uninterrupted", importing: [first, second])
        func events(_ store: LedgerStore, order: String? = nil) throws -> [EventRow] {
            var rows: [EventRow] = []
            try store.snapshot { snapshot in
                if let order {
                    _ = try snapshot.forEachEvent(ofOrder: order, through: stoppedAt, currency: true) { rows.append($0) }
                } else {
                    try snapshot.forEachEvent(through: stoppedAt, currency: true) { rows.append($0) }
                }
            }
            return rows
        }
        #expect(try events(store) == events(uninterrupted))
        for id in [later, "X-1"] {
            #expect(try events(store, order: id) == events(uninterrupted, order: id))
            let orderID = try #require(OrderID(id))
            #expect(try store.stream(of: orderID) == uninterrupted.stream(of: orderID)?.filter { $0.seq <= stoppedAt })
            #expect(
                try AsOfLedger(store: store, asOf: .seq(stoppedAt)).order(id)
                    == AsOfLedger(store: uninterrupted, asOf: .seq(stoppedAt)).order(id))
        }

        // The next import rebuilds them first, says so, and ends with the uninterrupted ledger.
        let notices = Notices()
        let resumed = try Importer(store: store).importFile(second, options: ImportOptions(chunkSize: 50, notice: notices.notice))
        #expect(resumed.resumedFromLine == stopped.committedLines + 1)
        #expect(
            notices.all == [
                "the read models are at seq \(before) and the log at \(stoppedAt) (an earlier import did not finish): "
                    + "rebuilding orders, customers, revenue, skus, stats first"
            ])
        #expect(try store.dump() == uninterrupted.dump())
        let head = try store.headSeq()
        #expect(try store.statistics().checkpoints.values.allSatisfy { $0 == head })
    }

    /// A store that an import of `secondBatch()` stopped in, with read models behind its log
    /// (at `path`), and the store that import would have made uninterrupted.
    func interruptedStore() throws -> (path: String, second: String, stoppedAt: UInt64, uninterrupted: LedgerStore) {
        let first = directory.file("first.csv", Self.first)
        let second = secondBatch()
        let uninterrupted = try store("uninterrupted", importing: [first, second])
        let store = try store("store", importing: [first])
        let stopping = ImportOptions(chunkSize: 50, shouldStop: StopRequestTests.StopAfter(6).shouldStop)
        #expect(throws: ImportInterrupted.self) { try Importer(store: store).importFile(second, options: stopping) }
        return (directory.path + "/store", second, try store.headSeq(), uninterrupted)
    }

    func checkpointsLag(_ path: String, behind head: UInt64) throws -> Bool {
        try LedgerStore(path: path, durable: false).statistics().checkpoints.values.allSatisfy { $0 < head }
    }

    @Test func readModelsLeftBehindAreCaughtUpAloneBeforeAnImportOpensTheStore() throws {
        let (path, second, stoppedAt, uninterrupted) = try interruptedStore()
        // A stop asked for: nothing rebuilt, and the import it stops does not announce it either.
        let stopping = Notices()
        let stop = ImportOptions(shouldStop: { true }, notice: stopping.notice)
        do {
            let start = ImportStart(store: path, firstFile: second, options: stop)
            #expect(!start.caughtUp)
            let store = try LedgerStore(path: path, durable: false)
            #expect(throws: ImportInterrupted.self) {
                try Importer(store: store, start: start).importFile(second, options: stop)
            }
        }
        #expect(try checkpointsLag(path, behind: stoppedAt))
        #expect(stopping.all.isEmpty)
        // Another import or rebuild holds the store: left to the import, which waits for it.
        do {
            let lock = try StoreLock(directory: path, role: "import", limit: 0) { _ in }
            #expect(!ImportStart(store: path, firstFile: second, options: ImportOptions()).caughtUp)
            withExtendedLifetime(lock) {}
        }
        // A first file that cannot be read is reported before anything is rebuilt.
        do {
            let missing = directory.path + "/missing.csv"
            let start = ImportStart(store: path, firstFile: missing, options: ImportOptions())
            #expect(!start.caughtUp)
            #expect(try checkpointsLag(path, behind: stoppedAt))
            let store = try LedgerStore(path: path, durable: false)
            let summary = try Importer(store: store, start: start).importFile(missing, options: ImportOptions())
            #expect(summary.fileError?.hasPrefix("cannot open: ") == true)
        }
        let notices = Notices()
        let start = ImportStart(store: path, firstFile: second, options: ImportOptions(notice: notices.notice))
        #expect(start.caughtUp)
        #expect(notices.all.count == 1)
        #expect(notices.all.first?.hasPrefix("the read models are at seq ") == true)
        #expect(
            notices.all.first?.hasSuffix(
                " and the log at \(stoppedAt) (an earlier import did not finish): "
                    + "rebuilding orders, customers, revenue, skus, stats first") == true)
        // It holds the store's lock for the import: no other import or rebuild comes in between.
        #expect(throws: StoreError.self) { try StoreLock(directory: path, role: "import", limit: 0) { _ in } }

        // The import that follows has nothing to catch up and ends with the uninterrupted ledger.
        let store = try LedgerStore(path: path, durable: false)
        #expect(try store.statistics().checkpoints.values.allSatisfy { $0 == stoppedAt })
        let after = Notices()
        _ = try Importer(store: store, start: start).importFile(
            second, options: ImportOptions(chunkSize: 50, waitLimit: 0, notice: after.notice))
        #expect(after.all.isEmpty)
        #expect(try store.dump() == uninterrupted.dump())
        // The import gave the lock up when it ended.
        _ = try StoreLock(directory: path, role: "import", limit: 0) { _ in }
        let again = ImportStart(store: path, firstFile: second, options: ImportOptions(notice: notices.notice))
        #expect(!again.caughtUp)
        #expect(notices.all.count == 1)

        // No store there: none is made.
        #expect(!ImportStart(store: directory.path + "/none", firstFile: second, options: ImportOptions()).caughtUp)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/none"))
    }

    @Test func aCatchUpBeforeTheImportThatFailsIsTheImportsErrorAndNotRunAgain() throws {
        let (path, second, stoppedAt, _) = try interruptedStore()
        try StoreFixture.put([0xFF, 0xFF], key: withUnsafeBytes(of: stoppedAt.bigEndian, Array.init), database: "log", at: path)
        let notices = Notices()
        let options = ImportOptions(notice: notices.notice)
        let start = ImportStart(store: path, firstFile: second, options: options)
        #expect(!start.caughtUp)
        let store = try LedgerStore(path: path, durable: false)
        #expect(throws: StoreError.self) { try Importer(store: store, start: start).importFile(second, options: options) }
        #expect(notices.all.count == 1)
        #expect(try checkpointsLag(path, behind: stoppedAt))
    }

    @Test func importingAFileAlreadyImportedBringsUpTheReadModelsThatAnotherImportLeftBehind() throws {
        let first = directory.file("first.csv", Self.first)
        let store = try store("store", importing: [first])
        let stopping = ImportOptions(chunkSize: 50, shouldStop: StopRequestTests.StopAfter(6).shouldStop)
        #expect(throws: ImportInterrupted.self) { try Importer(store: store).importFile(secondBatch(), options: stopping) }
        let notices = Notices()
        let again = try Importer(store: store).importFile(first, options: ImportOptions(notice: notices.notice))
        #expect(again.alreadyImported)
        #expect(notices.all.count == 1)
        let head = try store.headSeq()
        #expect(try store.statistics().checkpoints.values.allSatisfy { $0 == head })
    }

    @Test func aFinishedImportLeavesEveryReadModelAtTheLogsHeadAndNothingToCatchUp() throws {
        let first = directory.file("first.csv", Self.first)
        let store = try store("store", importing: [first, secondBatch()])
        let head = try store.headSeq()
        #expect(try store.statistics().checkpoints.values.allSatisfy { $0 == head })
        let notices = Notices()
        let again = directory.file("third.csv", "type,order_id,amount,at\npay,X-1,1500,2026-01-02T10:00:00Z\n")
        _ = try Importer(store: store).importFile(again, options: ImportOptions(notice: notices.notice))
        #expect(notices.all.isEmpty)
        #expect(try Verifier(store: store).verify().isConsistent)
    }

    /// Each `…_names` entry (number → id) mapped back by `…_ids` (id → number), and how many
    /// entries `…_ids` holds.
    func mapping(_ kind: String, at path: String) throws -> (all: Bool, mapped: Int) {
        let names = try StoreFixture.entries(database: kind + "_names", at: path)
        let ids = Dictionary(
            uniqueKeysWithValues: try StoreFixture.entries(database: kind + "_ids", at: path).map { ($0.key, $0.value) })
        let all = names.allSatisfy { ids[$0.value] == Array($0.key.reversed()) }
        return (all && ids.count == names.count, ids.count)
    }

    @Test func anImportMapsItsNewIdsWithTheReadModelsAndARebuildMapsWhatOneThatDidNotFinishLeft() throws {
        let (path, _, stoppedAt, uninterrupted) = try interruptedStore()
        // The first file's ids are mapped (2 orders, 2 customers, 1 sku); the stopped import's,
        // named in the log and in `…_names`, are not, as its read models are not written.
        for (kind, mapped) in [("order", 2), ("customer", 2), ("sku", 1)] {
            let found = try mapping(kind, at: path)
            #expect(!found.all && found.mapped == mapped, "\(kind): \(found)")
        }
        let store = try LedgerStore(path: path, durable: false)
        let report = try Verifier(store: store).verify()
        #expect(report.isConsistent, "\(report.differences)")
        #expect(report.lagging.count == ReadModelName.allCases.count)
        // What lists every order, customer or sku as of a seq lists those the ids not mapped yet
        // name, where the log has them, as the uninterrupted import's store does.
        let asOf = AsOfLedger(store: store, asOf: .seq(stoppedAt))
        let whole = AsOfLedger(store: uninterrupted, asOf: .seq(stoppedAt))
        #expect(try asOf.orders(OrderFilter(limit: 0)).count > 2)
        #expect(try asOf.orders(OrderFilter(limit: 0)) == whole.orders(OrderFilter(limit: 0)))
        #expect(try asOf.orders(OrderFilter(limit: 7)) == whole.orders(OrderFilter(limit: 7)))
        #expect(try asOf.customers() == whole.customers())
        // A customer's orders too, those placed after the checkpoint (not in the customer index yet) included.
        for customer in try whole.customers().map(\.customerID) {
            let filter = OrderFilter(customer: customer, limit: 0)
            #expect(try asOf.orders(filter) == whole.orders(filter), "\(customer)")
        }
        #expect(try asOf.skus(top: nil) == whole.skus(top: nil))
        #expect(try asOf.skus(top: 3) == whole.skus(top: 3))
        // A rebuild maps the ids of the read models it rebuilds.
        _ = try Rebuilder(store: store).rebuild([.customers])
        #expect(try mapping("customer", at: path).all)
        #expect(try mapping("order", at: path).mapped == 2)
        #expect(try Verifier(store: store).verify().isConsistent)
        _ = try Rebuilder(store: store).rebuild()
        for kind in ["order", "customer", "sku"] { #expect(try mapping(kind, at: path).all, "\(kind)") }
        let rebuilt = try Verifier(store: store).verify()
        #expect(rebuilt.isConsistent && rebuilt.lagging.isEmpty, "\(rebuilt.differences)")
        #expect(try store.headSeq() == stoppedAt)
    }

    @Test func anIdOfALaggingReadModelUnmappedBeforeItsCheckpointIsADifference() throws {
        let (path, _, _, _) = try interruptedStore()
        try StoreFixture.delete(key: Array("X-2".utf8), database: "order_ids", at: path)
        let named = try StoreFixture.entries(database: "order_names", at: path).count
        let report = try Verifier(store: try LedgerStore(path: path, readOnly: true)).verify()
        #expect(
            report.differences == [
                "ids: 1 order ids are stored, the log names 2 up to the orders read model's checkpoint and \(named) in all"
            ])
    }

    @Test func anImportOfIdsThatSortBeforeAndAfterTheStoredOnesMapsEveryOne() throws {
        // Into a store that maps ids already: new ones land between, before and after them.
        let first = directory.file(
            "first.csv",
            "type,order_id,customer_id,currency,lines,amount,at\n"
                + "place,M-5,C-5,EUR,S-5*1@100,,2026-01-01T10:00:00Z\nplace,M-7,C-7,EUR,S-7*1@100,,2026-01-01T10:00:00Z\n")
        let second = directory.file(
            "second.csv",
            "type,order_id,customer_id,currency,lines,amount,at\n"
                + ["A-1", "M-6", "M-50", "Z-9", "M-", "M-7x"].enumerated().map { index, id in
                    "place,\(id),C-\(index),EUR,S-\(index)*1@100,,2026-01-01T11:00:00Z\n"
                }.joined())
        let store = try store("store", importing: [first, second])
        for kind in ["order", "customer", "sku"] { #expect(try mapping(kind, at: directory.path + "/store").all, "\(kind)") }
        for id in ["A-1", "M-5", "M-50", "M-7x", "Z-9"] { #expect(try store.order(id) != nil, "\(id)") }
        #expect(try Verifier(store: store).verify().isConsistent)
    }

    @Test func aDamagedIdDictionaryIsReportedAndNeitherBlocksTheCatchUpNorCountsAsRepaired() throws {
        // An id named twice in `order_names` (number 3 renamed as number 2) after an import that
        // did not finish: the rebuild that maps the ids goes through, and verify names the damage.
        let (path, _, _, _) = try interruptedStore()
        let names = try StoreFixture.entries(database: "order_names", at: path)
        try StoreFixture.put(names[2].value, key: names[3].key, database: "order_names", at: path)
        let store = try LedgerStore(path: path, durable: false)
        _ = try Rebuilder(store: store).rebuild()
        let renamed = String(decoding: names[3].value, as: UTF8.self)
        #expect(try Verifier(store: store).verify().differences.contains("ids: order number 3 is not named \(renamed)"))
        // An id missing from a complete `order_ids`: verify counts it; a rebuild does not claim to
        // have written anything.
        let complete = try self.store("complete", importing: [directory.file("first.csv", Self.first), secondBatch()])
        let completePath = directory.path + "/complete"
        try StoreFixture.delete(key: Array("X-1".utf8), database: "order_ids", at: completePath)
        let orders = try StoreFixture.entries(database: "order_names", at: completePath).count
        let report = try Verifier(store: complete).verify()
        #expect(report.differences == ["ids: \(orders - 1) order ids are stored, the log names \(orders)"])
        #expect(try Rebuilder(store: complete).rebuild().rowsChanged == 0)
    }

    @Test func anIdMappedPastTheFirstOnesOfALaggingReadModelIsADifference() throws {
        let (path, _, _, _) = try interruptedStore()
        // The last id named, mapped where only the first file's two orders are.
        let last = try #require(try StoreFixture.entries(database: "order_names", at: path).last)
        try StoreFixture.put(Array(last.key.reversed()), key: last.value, database: "order_ids", at: path)
        let report = try Verifier(store: try LedgerStore(path: path, readOnly: true)).verify()
        #expect(
            report.differences == ["ids: 1 order ids map numbers past the first 3, which an import maps with its read models"])
    }

    @Test func aDamagedIdDictionaryListsEachIdOnceAndAnIdNoBatchCanNameIsDamage() throws {
        // A complete store with one order id unmapped: `list` names no other order twice.
        let complete = try self.store("complete", importing: [directory.file("first.csv", Self.first), secondBatch()])
        try StoreFixture.delete(key: Array("X-1".utf8), database: "order_ids", at: directory.path + "/complete")
        let listed = try complete.orders(OrderFilter(limit: 0)).map(\.orderID)
        #expect(Set(listed).count == listed.count)
        // An interrupted store whose ids not mapped yet hold one id twice: listed once.
        let (path, _, stoppedAt, _) = try interruptedStore()
        let names = try StoreFixture.entries(database: "order_names", at: path)
        try StoreFixture.put(names[names.count - 1].value, key: names[names.count - 2].key, database: "order_names", at: path)
        let store = try LedgerStore(path: path, durable: false)
        let asOf = try AsOfLedger(store: store, asOf: .seq(stoppedAt)).orders(OrderFilter(limit: 0)).map(\.orderID)
        #expect(Set(asOf).count == asOf.count)
        // An empty id among them: the rebuild that would map it finds the store damaged.
        try StoreFixture.put([], key: names[names.count - 1].key, database: "order_names", at: path)
        let error = #expect(throws: StoreError.self) { try Rebuilder(store: store).rebuild() }
        guard case .corrupt(let detail) = error else {
            Issue.record("not damage: \(String(describing: error))")
            return
        }
        #expect(detail.hasSuffix("has 0 bytes; orders verify lists the damage"), "\(detail)")
    }
}
