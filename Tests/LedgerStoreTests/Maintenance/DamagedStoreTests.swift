import BatchGenerator
import Foundation
import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// A damaged store is reported, never obeyed: every number read from it is checked before it is
/// used, so verify names the damage, rebuild refuses it and a query fails with one error, none of
/// them traps, dies of a signal or allocates by a damaged number.
struct DamagedStoreTests {
    let directory = TemporaryDirectory()
    var path: String { directory.path + "/store" }

    func importGenerated() throws {
        let settings = GeneratorSettings(orders: 300, seed: 5, badShare: 0.1, customers: 40, skus: 30)
        _ = try GeneratedStore.make(in: directory, settings, chunkSize: 61)
    }

    /// Every query's answer, or its error.
    func queries(_ store: LedgerStore, batch: String? = nil) -> [Result<String, any Error>] {
        [
            Result { "\(try store.orders(OrderFilter(limit: 0)))" },
            Result { "\(try store.orders(OrderFilter(customer: "C-3", limit: 0)))" },
            Result { "\(try store.order("O-7").map { "\($0)" } ?? "")" },
            Result { "\(try store.order("O-250").map { "\($0)" } ?? "")" },
            Result { "\(try store.customers())" }, Result { "\(try store.revenue())" }, Result { "\(try store.skus())" },
            Result { "\(try store.statistics())" },
            Result { "\(try store.rejections(ofFile: batch ?? directory.path + "/batch.csv", format: .csv).count)" },
        ]
    }

    /// The seq of the first `placed` event of a customer already named (its customer number is not
    /// checked by the dictionary's numbering).
    func placedEventOfKnownCustomer() throws -> (seq: UInt64, value: [UInt8]) {
        let entries = try StoreFixture.entries(database: "log", at: path)
        let found = entries.first { $0.value[0] == EventKind.placed.rawValue && $0.value[1] & 2 == 0 }!
        return (UInt64(bigEndian: found.key.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }), found.value)
    }

    @Test func aCustomerNumberSetToOnesIsNamedByVerifyAndRefusedByRebuildWithoutAllocating() throws {
        try importGenerated()
        var (seq, value) = try placedEventOfKnownCustomer()
        for index in 12..<16 { value[index] = 0xFF }
        try StoreFixture.put(value, key: withUnsafeBytes(of: seq.bigEndian) { Array($0) }, database: "log", at: path)
        let store = try LedgerStore(path: path)
        let report = try Verifier(store: store).verify()
        #expect(!report.isConsistent)
        let named = "log: seq \(seq): customer number 4294967295 has no id"
        #expect(report.differences.contains { $0.hasPrefix(named) }, "\(report.differences)")
        do {
            _ = try Rebuilder(store: store).rebuild()
            Issue.record("the rebuild went through")
        } catch StoreError.damagedLog(.some(seq), let detail) {
            #expect(detail.hasPrefix("customer number 4294967295 has no id"))
        }
        #expect(try !Verifier(store: store).verify().isConsistent)
    }

    @Test func anOrderRecordNamingAnUnknownCustomerFailsTheQueryThatReadsIt() throws {
        try importGenerated()
        var value = try StoreFixture.entries(database: "orders", at: path)[0].value
        for index in 4..<8 { value[index] = 0xFF }
        try StoreFixture.put(value, key: [0, 0, 0, 0], database: "orders", at: path)
        let store = try LedgerStore(path: path, readOnly: true)
        #expect(throws: StoreError.corrupt("order number 0 names customer number 4294967295, which has no id")) {
            try store.orders(OrderFilter(limit: 0))
        }
        #expect(try !Verifier(store: store).verify().isConsistent)
    }

    /// The item count is stored in 64 bits and held in 32: one past them is refused before it is held.
    @Test func anOrderRecordWithAnItemCountPastThirtyTwoBitsIsAnErrorNotATrap() throws {
        try importGenerated()
        var value = try StoreFixture.entries(database: "orders", at: path)[0].value
        withUnsafeBytes(of: (Int64(1) << 40).littleEndian) { value.replaceSubrange(52..<60, with: $0) }
        try StoreFixture.put(value, key: [0, 0, 0, 0], database: "orders", at: path)
        let store = try LedgerStore(path: path, readOnly: true)
        #expect(throws: StoreError.corrupt("order number 0: an order record holds numbers no order can have")) {
            try store.orders(OrderFilter(limit: 0))
        }
        #expect(try !Verifier(store: store).verify().isConsistent)
    }

    @Test func aRowHoldingAnOverflowingCountIsAnErrorNotATrap() throws {
        try importGenerated()
        var value = try StoreFixture.entries(database: "customers", at: path)[0].value
        for index in 0..<8 { value[index] = index == 7 ? 0x7F : 0xFF }
        try StoreFixture.put(value, key: [0, 0, 0, 0], database: "customers", at: path)
        let store = try LedgerStore(path: path, readOnly: true)
        #expect(throws: StoreError.corrupt("a customer row holds the count \(Int64.max)")) { try store.customers() }
    }

    @Test func aCheckpointBeyondTheLogIsAnErrorNotATrap() throws {
        try importGenerated()
        try StoreFixture.put(
            Checkpoints.value(0xFFFF_FFFF_0000_0000, name: .stats), key: Array("stats".utf8), database: "checkpoints", at: path)
        let store = try LedgerStore(path: path, readOnly: true)
        #expect(throws: StoreError.corrupt("the checkpoint of stats is seq 18446744069414584320, beyond the log")) {
            try store.statistics()
        }
        #expect(try Verifier(store: store).verify().differences.contains { $0.hasPrefix("checkpoints: stats is damaged") })
        // No event is missing (the hash chain ends where the log does): a rebuild repairs it.
        _ = try Rebuilder(store: try LedgerStore(path: path)).rebuild()
        #expect(try Verifier(store: LedgerStore(path: path, readOnly: true)).verify().isConsistent)
    }

    @Test func aLogKeyOfSevenBytesIsNamedByVerifyAndRefusedByRebuildNotATrap() throws {
        try importGenerated()
        // Between seq 255 ([0, 0, 0, 0, 0, 0, 0, 255]) and 256 ([0, 0, 0, 0, 0, 0, 1, 0]) in key order, as
        // a damaged page can hold it; the value a copy of an event's.
        let event = try StoreFixture.entries(database: "log", at: path)[4].value
        try StoreFixture.put(event, key: [0, 0, 0, 0, 0, 0, 1], database: "log", at: path)
        let store = try LedgerStore(path: path, readOnly: true)
        let report = try Verifier(store: store).verify()
        #expect(report.differences.contains("log: the log jumps from seq 255 to 0"), "\(report.differences)")
        #expect(throws: StoreError.self) { try Rebuilder(store: try LedgerStore(path: path)).rebuild() }
    }

    @Test func aLastLogKeyOfSevenBytesIsAnErrorNotAnEmptyLog() throws {
        try importGenerated()
        let readModels = { [path] in
            try ["orders", "customers", "skus", "revenue", "stats", "checkpoints"].map {
                try StoreFixture.entries(database: $0, at: path).map { $0.key + [0xFF] + $0.value }
            }
        }
        let before = try readModels()
        // After every seq below 4,096 in key order: the last key.
        try StoreFixture.put([1], key: [0, 0, 0, 0, 0, 0, 0x10], database: "log", at: path)
        let damage = StoreError.corrupt("the log's last key is 7 bytes, not a seq")
        #expect(throws: damage) { try Verifier(store: try LedgerStore(path: path, readOnly: true)).verify() }
        #expect(throws: damage) { try Rebuilder(store: try LedgerStore(path: path)).rebuild() }
        // The rebuild that failed left the read models as they were.
        #expect(try readModels() == before)
    }

    /// The seeded damaged-store fuzzer of the test suite: each damage on a fresh copy of one store;
    /// whenever verify passes, every query must answer. `tools/damage-fuzz.sh` runs the real binary.
    @Test(arguments: 0..<48)
    func aSeededDamageIsReportedNeverObeyed(seed: Int) throws {
        let copy = TemporaryDirectory()
        let (data, batch) = try DamagedStoreTests.pristine.get()
        copy.file("data.mdb", bytes: data)
        let batchPath = copy.file("batch.csv", bytes: batch)
        let damage = try StoreDamage.apply(seed: UInt64(seed), to: copy.path)
        let store: LedgerStore
        do {
            store = try LedgerStore(path: copy.path)
        } catch {
            // Only a damaged format stamp may make the store unrecognisable.
            #expect(damage.database == "meta", "\(damage): \(error)")
            return
        }
        let verified = (try? Verifier(store: store).verify())?.isConsistent ?? false
        let answers = queries(store, batch: batchPath)
        if verified {
            for case .failure(let error) in answers { Issue.record("\(damage): verify passed, a query failed: \(error)") }
        }
        if (try? Rebuilder(store: store).rebuild()) != nil, (try? Verifier(store: store).verify())?.isConsistent == true {
            for case .failure(let error) in queries(store, batch: batchPath) {
                Issue.record("\(damage): rebuilt and verified, a query failed: \(error)")
            }
        }
    }

    /// The data file of one store for every seed, made once: a generated batch with bad records.
    static let pristine: Result<(data: [UInt8], batch: [UInt8]), any Error> = Result {
        let directory = TemporaryDirectory()
        let settings = GeneratorSettings(orders: 200, seed: 9, badShare: 0.15, customers: 30, skus: 20)
        _ = try GeneratedStore.make(in: directory, settings, chunkSize: 53)
        let read = { (name: String) in Array(try Data(contentsOf: URL(fileURLWithPath: directory.path + name))) }
        return (try read("/store/data.mdb"), try read("/batch.csv"))
    }
}
