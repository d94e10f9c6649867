import BatchGenerator
import LMDB
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// Read models whose checkpoints are below the log's last seq (an import under way writes them
/// only when a file is done; one killed leaves them behind) agree with the log up to their
/// checkpoints. The store here is made without such an import: batch A is imported into a store
/// of its own, A then B into another, and the second gets the read models of the first.
struct LaggingReadModelsVerifyUpToTheirCheckpointTests {
    let directory = TemporaryDirectory()
    /// The store with the log of A and B and the read models of A.
    var path: String { directory.path + "/store" }
    /// The store with A only.
    var behind: String { directory.path + "/behind" }

    /// Makes both stores; returns A's last seq (where the read models stand), the log's last seq,
    /// and how many orders A placed.
    func makeLaggingStore() throws -> (checkpoint: UInt64, head: UInt64, ordersOfA: Int) {
        // Few orders in flight at once: many of A's are paid, shipped or cancelled in B.
        let settings = GeneratorSettings(
            orders: 300, seed: 33, badShare: 0.1, customers: 40, skus: 25, concurrentOrders: 40)
        var generator = BatchGenerator(settings: settings)
        var lines: [String] = []
        _ = generator.generate { lines.append($0) }
        let middle = lines.count / 2
        let a = directory.file("a.csv", ([lines[0]] + lines[1..<middle]).joined(separator: "\n") + "\n")
        let b = directory.file("b.csv", ([lines[0]] + lines[middle...]).joined(separator: "\n") + "\n")
        let checkpoint: UInt64
        let ordersOfA: Int
        do {
            let store = try LedgerStore(path: behind, durable: false)
            _ = try Importer(store: store).importFile(a, options: ImportOptions(chunkSize: 53))
            checkpoint = try store.headSeq()
            ordersOfA = try store.orders(OrderFilter(limit: 0)).count
        }
        let head: UInt64
        do {
            let store = try LedgerStore(path: path, durable: false)
            _ = try Importer(store: store).importFile(a, options: ImportOptions(chunkSize: 53))
            _ = try Importer(store: store).importFile(b, options: ImportOptions(chunkSize: 53))
            head = try store.headSeq()
        }
        try StoreFixture.copyReadModels(from: behind, to: path)
        #expect(checkpoint > 0 && checkpoint < head)
        return (checkpoint, head, ordersOfA)
    }

    /// The lagging read models a verify of every one at `seq` reports.
    static func all(at seq: UInt64) -> [ReadModelName: UInt64] {
        Dictionary(uniqueKeysWithValues: ReadModelName.allCases.map { ($0, seq) })
    }

    @Test func readModelsBehindTheLogAgreeWithItUpToTheirCheckpoint() throws {
        let (checkpoint, head, ordersOfA) = try makeLaggingStore()
        let store = try LedgerStore(path: path, readOnly: true)
        let report = try Verifier(store: store).verify()
        #expect(report.isConsistent, "\(report.differences)")
        #expect(report.lagging == Self.all(at: checkpoint))
        // The counts are the whole log's.
        #expect(report.events == Int(head))
        #expect(report.orders == 300 && ordersOfA < 300)
        // The read models are A's, which the whole log no longer gives.
        #expect(try store.read { try $0.count(\.orders) } == ordersOfA)
        let upToDate = try Verifier(store: try LedgerStore(path: behind, readOnly: true)).verify()
        #expect(upToDate.isConsistent && upToDate.lagging.isEmpty)
    }

    @Test func aWrongRowOfALaggingReadModelOrAnOrderOfTheRestOfTheLogIsADifference() throws {
        let (checkpoint, _, ordersOfA) = try makeLaggingStore()
        // A customer row of A's zeroed; an order B placed (the next number after A's) written into
        // `orders` and into the customer index, as if read models of a later seq leaked in.
        try StoreFixture.put([UInt8](repeating: 0, count: 26), key: [0, 0, 0, 3], database: "customers", at: path)
        let orders = try StoreFixture.entries(database: "orders", at: path)
        let leaked = BigEndianKey32(UInt32(ordersOfA)).withLMDBBytes { Array($0) }
        try StoreFixture.put(orders[0].value, key: leaked, database: "orders", at: path)
        try StoreFixture.put([], key: [0, 0, 0, 1] + leaked, database: "customer_orders", at: path)
        let customer = try #require(
            try StoreFixture.entries(database: "customer_names", at: path).first { $0.key == [0, 0, 0, 3] })
        let report = try Verifier(store: try LedgerStore(path: path, readOnly: true)).verify()
        #expect(
            report.differences == [
                "orders: \(ordersOfA + 1) stored, \(ordersOfA) in the log",
                "orders: the customer index lists an order the log does not give that customer",
                "customers: \(String(decoding: customer.value, as: UTF8.self)) differs from the log's",
            ])
        #expect(report.lagging == Self.all(at: checkpoint))
    }

    @Test func aRebuildOfOneReadModelLeavesCheckpointsThatDifferAndStillVerify() throws {
        let (checkpoint, head, _) = try makeLaggingStore()
        let store = try LedgerStore(path: path)
        _ = try Rebuilder(store: store).rebuild([.customers])
        #expect(try store.statistics().checkpoints["customers"] == head)
        let report = try Verifier(store: store).verify()
        #expect(report.isConsistent, "\(report.differences)")
        var lagging = Self.all(at: checkpoint)
        lagging[.customers] = nil
        #expect(report.lagging == lagging)
    }

    @Test func aCheckpointBeyondTheLogIsADifference() throws {
        let (checkpoint, head, _) = try makeLaggingStore()
        let beyond = LittleEndianValue(head + 1).withLMDBBytes { Array($0) }
        try StoreFixture.put(beyond, key: Array("skus".utf8), database: "checkpoints", at: path)
        let report = try Verifier(store: try LedgerStore(path: path, readOnly: true)).verify()
        #expect(report.differences.contains("checkpoints: skus is damaged, the log at \(head)"), "\(report.differences)")
        var lagging = Self.all(at: checkpoint)
        lagging[.skus] = nil
        #expect(report.lagging == lagging)
    }
}
