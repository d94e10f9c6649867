import BatchGenerator
import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

struct RebuildAndVerifyTests {
    let directory = TemporaryDirectory()
    var path: String { directory.path + "/store" }

    func importGenerated(orders: Int = 800, badShare: Double = 0.15, chunkSize: Int = 97) throws -> LedgerStore {
        let settings = GeneratorSettings(orders: orders, seed: 21, badShare: badShare, customers: 90, skus: 50)
        return try GeneratedStore.make(in: directory, settings, chunkSize: chunkSize)
    }

    /// Every query's answer, as one comparable value.
    func answers(_ store: LedgerStore) throws -> [String] {
        [
            "\(try store.orders(OrderFilter(limit: 0)))", "\(try store.customers())", "\(try store.revenue())",
            "\(try store.skus())", "\(try store.order("O-7").map { "\($0)" } ?? "")",
            "\(try store.orders(OrderFilter(customer: "C-3", limit: 0)))",
        ]
    }

    @Test func anImportedLedgerVerifiesClean() throws {
        let store = try importGenerated()
        let report = try Verifier(store: store).verify()
        #expect(report.isConsistent, "\(report.differences)")
        #expect(report.events > 0 && report.orders == 800)
    }

    @Test func aRebuildGivesTheSameAnswersAsTheIncrementalReadModels() throws {
        let store = try importGenerated()
        let before = try answers(store)
        let statistics = try store.statistics()
        let summary = try Rebuilder(store: store).rebuild()
        #expect(summary.events == Int(try store.headSeq()))
        #expect(summary.projections == ReadModelName.allCases)
        #expect(try answers(store) == before)
        #expect(try store.statistics() == statistics)
        #expect(try Verifier(store: store).verify().isConsistent)
    }

    @Test func aRebuildInManyNestedTransactionsWritesTheIncrementalReadModelsByteForByte() throws {
        let store = try importGenerated()
        let before = try store.readModelBytes()
        #expect(before.count > 800 + 800 + 90)
        _ = try Rebuilder(store: store, rowsPerNestedTransaction: 7).rebuild()
        #expect(try store.readModelBytes() == before)
        _ = try Rebuilder(store: store).rebuild()
        #expect(try store.readModelBytes() == before)
    }

    @Test func aRebuildWritesOnlyTheRowsThatDifferFromTheLog() throws {
        let before: [String]
        let rows: Int
        do {
            let store = try importGenerated()
            before = try store.readModelBytes()
            // Read models that agree with the log: not a row written.
            let summary = try Rebuilder(store: store, rowsPerNestedTransaction: 7).rebuild()
            #expect(summary.rowsChanged == 0)
            #expect(try store.readModelBytes() == before)
            rows = try store.read { try $0.count(\.customerOrders) }
        }
        // A value changed; keys missing; keys that no row has: before the first key, between two
        // rows (a longer key sorts after its prefix; two of them side by side), between the last
        // row of one nested transaction (7 rows) and the first of the next, and after the last
        // (also in `stats`, whose one row is its status counts).
        let order5 = try #require(try StoreFixture.entries(database: "orders", at: path).first { $0.key == [0, 0, 0, 5] })
        try StoreFixture.put(order5.value.map { ~$0 }, key: order5.key, database: "orders", at: path)
        try StoreFixture.put([1, 2, 3], key: [0, 0, 0], database: "orders", at: path)
        try StoreFixture.put([], key: [0, 0, 0, 1, 7], database: "customers", at: path)
        try StoreFixture.put([], key: [0, 0, 0, 1, 8], database: "customers", at: path)
        try StoreFixture.put([1], key: Array("by_status~".utf8), database: "stats", at: path)
        try StoreFixture.put([9], key: [0, 0, 0, 6, 0], database: "skus", at: path)
        try StoreFixture.put([9], key: [0xFF, 0xFF, 0xFF, 0xFF], database: "skus", at: path)
        let revenue = try StoreFixture.entries(database: "revenue", at: path)
        try StoreFixture.delete(key: revenue[revenue.count / 2].key, database: "revenue", at: path)
        let sku3 = try #require(try StoreFixture.entries(database: "skus", at: path).first { $0.key == [0, 0, 0, 3] })
        try StoreFixture.delete(key: sku3.key, database: "skus", at: path)
        do {
            let store = try LedgerStore(path: path, durable: false)
            let report = try Verifier(store: store).verify()
            #expect(report.differences.contains("stats: 1 entry besides the status counts"), "\(report.differences)")
            let summary = try Rebuilder(store: store, rowsPerNestedTransaction: 7).rebuild()
            #expect(summary.rowsChanged == 9)
            #expect(try store.readModelBytes() == before)
            #expect(try Verifier(store: store).verify().isConsistent)
        }
        // A read model emptied: every row written again.
        try StoreFixture.clear(database: "customer_orders", at: path)
        let store = try LedgerStore(path: path, durable: false)
        #expect(try Rebuilder(store: store, rowsPerNestedTransaction: 7).rebuild().rowsChanged == rows)
        #expect(try store.readModelBytes() == before)
        #expect(try Rebuilder(store: store).rebuild([.orders]).rowsChanged == 0)
    }

    /// A rebuild that writes every order hands back the replayed orders' memory behind its writes
    /// (every `ReplayCore.releaseInterval` orders): each order is still written from its own
    /// entry, across nested transactions and the replay's segments, and the orders after the
    /// write read the same.
    @Test func aRebuildOfEveryOrderHandsBackTheReplayedOrdersBehindItsWritesAndWritesTheSameBytes() throws {
        let orders = 3 * ReplayCore.releaseInterval + 500
        let before: [String]
        do {
            let store = try importGenerated(orders: orders, badShare: 0, chunkSize: 1 << 20)
            before = try store.readModelBytes()
            #expect(before.count > 2 * orders)
        }
        for database in ["orders", "customer_orders", "customers", "skus", "revenue", "stats"] {
            try StoreFixture.clear(database: database, at: path)
        }
        let store = try LedgerStore(path: path, durable: false)
        _ = try Rebuilder(store: store, rowsPerNestedTransaction: 5_000).rebuild()
        #expect(try store.readModelBytes() == before)
        #expect(try Verifier(store: store).verify().isConsistent)
    }

    @Test func aRebuildReplaysTheLogOnceWhenItsWritesMustGrowTheDataFile() throws {
        // A compact copy holds no free pages, and a writer asked for a smaller map maps only the
        // pages in use, so every page the rebuild writes lies past the end of its map.
        let copy = directory.path + "/compact"
        _ = try importGenerated().backup(to: copy, compact: true)
        let store = try LedgerStore(path: copy, readOnly: false, creating: false, durable: false, mapSize: 64 << 10)
        let head = Int(try store.headSeq())
        let before = try store.readModelBytes()
        var reports: [Int] = []
        _ = try Rebuilder(store: store).rebuild { reports.append($0) }
        // A replay reports the log's last seq once, as it ends: twice would be a second replay,
        // run again after the first transaction filled the map.
        #expect(reports.filter { $0 == head }.count == 1, "\(reports)")
        #expect(try store.readModelBytes() == before)
    }

    @Test func aRebuildWhoseMapFillsInANestedTransactionGrowsTheMapAndWritesTheSameBytes() throws {
        let before: [String]
        do {
            // One commit: the data file has next to no free pages for the rebuild to reuse.
            let store = try importGenerated(chunkSize: 1 << 20)
            before = try store.readModelBytes()
        }
        // The read models emptied, so that the rebuild writes every row of them.
        for database in ["orders", "customer_orders", "customers", "skus", "revenue"] {
            try StoreFixture.clear(database: database, at: path)
        }
        // The map no larger than the data file, and no room made before the rebuild: its fresh pages
        // fill the map while a nested transaction appends rows; the whole write transaction runs
        // again in a larger map.
        let store = try LedgerStore(path: path, readOnly: false, creating: false, durable: false, mapSize: 64 << 10)
        let initial = store.environment.mapSize
        _ = try Rebuilder(store: store, rowsPerNestedTransaction: 7, makingRoom: false).rebuild()
        #expect(store.environment.mapSize > initial)
        #expect(try store.readModelBytes() == before)
        #expect(try Verifier(store: store).verify().isConsistent)
    }

    @Test func verifyNamesADamagedReadModelAndRebuildRepairsIt() throws {
        do {
            _ = try importGenerated()
        }
        try StoreFixture.put([UInt8](repeating: 0, count: 26), key: [0, 0, 0, 3], database: "customers", at: path)
        try StoreFixture.delete(key: Array("by_status".utf8), database: "stats", at: path)
        let store = try LedgerStore(path: path)
        let report = try Verifier(store: store).verify()
        #expect(!report.isConsistent)
        #expect(report.differences.contains { $0.hasPrefix("customers: C-") && $0.hasSuffix("differs from the log's") })
        #expect(report.differences.contains("stats: the status counts differ from the log's"))
        #expect(!report.differences.contains { $0.hasPrefix("orders:") || $0.hasPrefix("log:") })
        _ = try Rebuilder(store: store).rebuild([.customers])
        let partly = try Verifier(store: store).verify()
        #expect(partly.differences == ["stats: the status counts differ from the log's"])
        _ = try Rebuilder(store: store).rebuild([.stats])
        #expect(try Verifier(store: store).verify().isConsistent)
    }

    @Test func verifyNamesADamagedOrderRecord() throws {
        do {
            _ = try importGenerated(orders: 50, badShare: 0)
        }
        try StoreFixture.delete(key: [0, 0, 0, 9], database: "orders", at: path)
        let report = try Verifier(store: try LedgerStore(path: path)).verify()
        #expect(report.differences.contains("orders: 49 stored, 50 in the log"))
        #expect(report.differences.contains("orders: O-9 is missing"))
    }

    @Test func verifyNamesEveryWrongOrderRecordAndCustomerIndexEntry() throws {
        do {
            _ = try importGenerated(orders: 50, badShare: 0)
        }
        // Order 3 holds order 5's record, order 4 a record cut short, and the first entry of the
        // customer index lists its order under the next customer.
        let orders = try StoreFixture.entries(database: "orders", at: path)
        try StoreFixture.put(orders[5].value, key: [0, 0, 0, 3], database: "orders", at: path)
        try StoreFixture.put(Array(orders[4].value.prefix(10)), key: [0, 0, 0, 4], database: "orders", at: path)
        let listed = try #require(try StoreFixture.entries(database: "customer_orders", at: path).first).key
        var moved = listed
        moved[3] += 1
        try StoreFixture.delete(key: listed, database: "customer_orders", at: path)
        try StoreFixture.put([], key: moved, database: "customer_orders", at: path)
        let report = try Verifier(store: try LedgerStore(path: path)).verify()
        let found = report.differences.filter { $0.hasPrefix("orders:") }
        #expect(found.count == 5, "\(found)")
        #expect(found.first?.hasPrefix("orders: O-3: stored ") == true)
        #expect(found.dropFirst().first?.hasPrefix("orders: O-3: latest seq stored ") == true)
        #expect(
            Array(found.dropFirst(2)) == [
                "orders: O-4: order number 4: an order record has 10 bytes, not 74",
                "orders: the customer index lists an order the log does not give that customer",
                "orders: the customer index lacks 1 order(s)",
            ])
        #expect(report.differences.count == found.count, "\(report.differences)")
    }

    @Test func verifyComparesEveryIdWithTheOneTheLogNamedByteForByte() throws {
        do {
            _ = try importGenerated(orders: 50, badShare: 0)
        }
        // Order number 9 named with one byte changed, sku number 2 named otherwise, and a customer
        // id mapped to a number the log gave another customer.
        try StoreFixture.put(Array("O-8".utf8), key: [0, 0, 0, 9], database: "order_names", at: path)
        try StoreFixture.put(Array("not-a-sku".utf8), key: [0, 0, 0, 2], database: "sku_names", at: path)
        let customer = try #require(try StoreFixture.entries(database: "customer_ids", at: path).first)
        let other: [UInt8] = customer.value == [1, 0, 0, 0] ? [2, 0, 0, 0] : [1, 0, 0, 0]
        try StoreFixture.put(other, key: customer.key, database: "customer_ids", at: path)
        let report = try Verifier(store: try LedgerStore(path: path)).verify()
        let customerID = String(decoding: customer.key, as: UTF8.self)
        #expect(report.differences.contains("ids: order number 9 is not named O-9"))
        #expect(report.differences.contains { $0.hasPrefix("ids: sku number 2 is not named ") })
        #expect(report.differences.contains("ids: customer \(customerID) does not map to the number the log gave it"))
        #expect(report.differences.filter { $0.hasPrefix("ids:") }.count == 3, "\(report.differences)")
    }

    @Test func verifyFindsAGapInTheLog() throws {
        do {
            _ = try importGenerated(orders: 50, badShare: 0)
        }
        try StoreFixture.delete(key: [0, 0, 0, 0, 0, 0, 0, 60], database: "log", at: path)
        let report = try Verifier(store: try LedgerStore(path: path)).verify()
        #expect(report.differences.contains("log: the log jumps from seq 59 to 61"))
        #expect(throws: StoreError.self) { try Rebuilder(store: try LedgerStore(path: path)).rebuild() }
    }

    @Test func replayFoldsTheSameStateAsTheImport() throws {
        let store = try importGenerated()
        let replayed = try ReplayCore(store: store).replay(collectingNames: true)
        #expect(replayed.problems.isEmpty)
        #expect(replayed.headSeq == (try store.headSeq()))
        for summary in try store.orders(OrderFilter(limit: 0)) {
            let number = replayed.orderIDs.firstIndex(of: summary.orderID)!
            #expect(replayed.orders[number] == summary.state)
        }
    }
}
