import BatchGenerator
import Foundation
import LMDB
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// SPEC §10 "Verify checks all that the store keeps": an entry lost, added or changed in any
/// database the store keeps makes verify fail with a line naming the database and the key, and an
/// import never acts on a record that fails its check.
struct VerifyChecksAllThatTheStoreKeepsTests {
    let directory = TemporaryDirectory()
    var path: String { directory.path + "/store" }

    /// One entry of one database lost, added or changed, and the start of the line verify must print.
    enum Damage: String, CaseIterable, Sendable {
        case commandLost, commandAdded, commandChanged, commandOnAPageOfItsOwn, commandCountChanged
        case batchLost, batchAdded, batchChanged
        case headLost, headAdded, headChanged
        case rejectionLost, rejectionAdded, rejectionChanged
        case orderIDLost, orderNameAdded, customerIDChanged, orderIDNumbersSwapped, skuIDRenamed, customerNameLost, skuNameChanged
        case customerOrderLost, customerOrderAdded, customerOrderChanged
        case checkpointLost, checkpointAdded, checkpointChanged
        case importRecordAdded
    }

    func makeStore() throws {
        let settings = GeneratorSettings(orders: 300, seed: 9, badShare: 0.1, customers: 40, skus: 30)
        _ = try GeneratedStore.make(in: directory, settings, chunkSize: 61)
    }

    func entries(_ database: String) throws -> [(key: [UInt8], value: [UInt8])] {
        try StoreFixture.entries(database: database, at: path)
    }

    static func key64(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    static func number64(_ key: [UInt8]) -> UInt64 {
        key.withUnsafeBytes { UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) }
    }

    /// Applies `damage`; returns the start of the line verify must print.
    func apply(_ damage: Damage) throws -> String {
        func put(_ value: [UInt8], _ key: [UInt8], _ database: String) throws {
            try StoreFixture.put(value, key: key, database: database, at: path)
        }
        func delete(_ key: [UInt8], _ database: String) throws { try StoreFixture.delete(key: key, database: database, at: path) }
        switch damage {
        case .commandLost:
            let first = try entries("commands")[0]
            try delete(first.key, "commands")
            return "commands: seq \(Self.number64(first.key)) has lost its command id"
        case .commandAdded:
            // A valid id with a valid check, under the seq of an event accepted without one.
            let event = try entries("log").first { $0.value[EventLayout.flags] & EventLayout.commandIDFlag == 0 }!
            let seq = Self.number64(event.key)
            let id = Array("c-added".utf8)
            var value = [UInt8](repeating: 0, count: id.count + CommandIDs.checkSize)
            id.withUnsafeBytes { id in value.withUnsafeMutableBytes { CommandIDs.store(id, seq: seq, into: $0) } }
            try put(value, event.key, "commands")
            return "commands: seq \(seq) holds a command id, but its event was accepted without one"
        case .commandChanged:
            var first = try entries("commands")[0]
            first.value[0] ^= 1
            try put(first.value, first.key, "commands")
            return "commands: seq \(Self.number64(first.key)): its command id fails its check"
        case .commandOnAPageOfItsOwn:
            // A value too long for a leaf: verify's reading of the pages gives way to a walk through LMDB.
            let first = try entries("commands")[0]
            try put(first.value + [UInt8](repeating: 7, count: 8_000), first.key, "commands")
            return "commands: seq \(Self.number64(first.key)): its command id fails its check"
        case .commandCountChanged:
            let count = try entries("commands").count
            try put(withUnsafeBytes(of: UInt64(count + 1).littleEndian, Array.init), Array("command_ids".utf8), "meta")
            return "commands: meta counts \(count + 1) command ids (key command_ids), the log flags \(count)"
        case .batchLost:
            try delete(Self.key64(1), "batches")
            return "batch_heads: key "
        case .batchAdded:
            try put(try entries("batches")[0].value, Self.key64(7), "batches")
            return "batches: batch 7: the record of batch 7 fails its check"
        case .batchChanged:
            var record = try entries("batches")[0]
            record.value[60] ^= 4
            try put(record.value, record.key, "batches")
            return "batches: batch 1: the record of batch 1 fails its check"
        case .headLost:
            try delete(try entries("batch_heads")[0].key, "batch_heads")
            return "batch_heads: batch 1 has lost its head key"
        case .headAdded:
            try put([], [1, 1] + [UInt8](repeating: 7, count: 32) + Self.key64(1), "batch_heads")
            return "batch_heads: key 0101"
        case .headChanged:
            try put([0], try entries("batch_heads")[0].key, "batch_heads")
            return "batch_heads: key "
        case .rejectionLost:
            let count = try entries("rejections").count
            try delete(try entries("rejections")[0].key, "rejections")
            return "rejections: batch 1 has \(count - 1) stored, its record counts \(count)"
        case .rejectionAdded:
            let count = try entries("rejections").count
            try put(try entries("rejections")[0].value, Self.key64(1) + Self.key64(999_999), "rejections")
            return "rejections: batch 1 has \(count + 1) stored, its record counts \(count)"
        case .rejectionChanged:
            var first = try entries("rejections")[0]
            first.value[first.value.count - 1] ^= 1
            try put(first.value, first.key, "rejections")
            return "rejections: batch 1: a stored rejection differs from what its record sums"
        case .orderIDLost:
            try delete(try entries("order_ids")[0].key, "order_ids")
            return "ids: "
        case .orderNameAdded:
            try put(Array("O-stray".utf8), [0, 0x10, 0, 0], "order_names")
            return "ids: "
        case .customerIDChanged:
            var first = try entries("customer_ids")[0]
            first.value[3] ^= 1
            try put(first.value, first.key, "customer_ids")
            return "ids: customer \(String(decoding: first.key, as: UTF8.self)) does not map"
        case .orderIDNumbersSwapped:
            // Every id and every number still there once: only the pairs differ.
            let ids = try entries("order_ids")
            let (first, last) = (ids[0], ids[ids.count - 1])
            try put(last.value, first.key, "order_ids")
            try put(first.value, last.key, "order_ids")
            return "ids: order \(String(decoding: first.key, as: UTF8.self)) does not map"
        case .skuIDRenamed:
            // The same number under an id that sorts where the old one did.
            let first = try entries("sku_ids")[0]
            try delete(first.key, "sku_ids")
            try put(first.value, first.key + [0x21], "sku_ids")
            return "ids: sku \(String(decoding: first.key + [0x21], as: UTF8.self)) does not map"
        case .customerNameLost:
            try delete(try entries("customer_names")[3].key, "customer_names")
            return "ids: "
        case .skuNameChanged:
            var first = try entries("sku_names")[0]
            first.value[0] ^= 1
            try put(first.value, first.key, "sku_names")
            return "ids: sku number 0 is not named"
        case .customerOrderLost:
            try delete(try entries("customer_orders")[0].key, "customer_orders")
            return "orders: the customer index lacks 1 order(s)"
        case .customerOrderAdded:
            try put([], Self.key64(UInt64(7) << 32 | 5_000), "customer_orders")
            return "orders: the customer index lists an order the log does not give that customer"
        case .customerOrderChanged:
            let first = try entries("customer_orders")[0]
            try put([1], first.key, "customer_orders")
            return "customer_orders: key \(Self.number64(first.key)) "
        case .importRecordAdded:
            try put([1, 2, 3], [UInt8](repeating: 9, count: 32), "imports")
            return "imports: key 0909"
        case .checkpointLost:
            try delete(Array("stats".utf8), "checkpoints")
            return "checkpoints: stats is damaged"
        case .checkpointAdded:
            try put(try entries("checkpoints")[0].value, Array("extra".utf8), "checkpoints")
            return "checkpoints: 1 entry names no read model"
        case .checkpointChanged:
            var orders = try entries("checkpoints").first { $0.key == Array("orders".utf8) }!
            orders.value[0] ^= 1
            try put(orders.value, orders.key, "checkpoints")
            return "checkpoints: orders is damaged"
        }
    }

    @Test(arguments: Damage.allCases)
    func anEntryLostAddedOrChangedFailsVerifyWithALineNamingItsDatabase(_ damage: Damage) throws {
        try makeStore()
        #expect(try Verifier(store: LedgerStore(path: path, readOnly: true)).verify().isConsistent)
        let expected = try apply(damage)
        let report = try Verifier(store: LedgerStore(path: path, readOnly: true)).verify()
        #expect(!report.isConsistent)
        #expect(report.differences.contains { $0.hasPrefix(expected) }, "\(damage): \(report.differences)")
    }

    /// Every database that holds more than a leaf in a store of this size (the smaller ones have
    /// no branch page in it).
    static let branched = [
        "log", "chain", "orders", "commands", "order_ids", "order_names", "customer_ids", "customer_names", "sku_ids",
        "sku_names", "customers", "skus", "customer_orders", "rejections", "provenance",
    ]

    /// A branch key that misroutes a lookup fails verify in every database: those a check walks
    /// for their entries are checked in the same walk (the read models, the index, the
    /// dictionaries, `commands`, `provenance`), the log's and the chain's against the leaves'
    /// first and last keys that the replay and the chain's walk kept, the others by reading their
    /// pages. (A branch key is damaged in every copy of its page in the file, older ones included:
    /// the damage counts once a lookup misses.)
    @Test(arguments: branched)
    func aBranchKeyThatMisroutesALookupFailsVerify(_ database: String) throws {
        let settings = GeneratorSettings(orders: 3_000, seed: 9, badShare: 0.1, customers: 800, skus: 600)
        _ = try GeneratedStore.make(in: directory, settings, chunkSize: 701)
        let entries = try entries(database).count
        func lookupFinds(_ key: [UInt8]) throws -> Bool {
            let environment = try Environment(directory: path)
            let table = try environment.openDatabase(named: database)
            return try environment.read { try $0.get(table, key) != nil }
        }
        var damage: BranchKeyDamage?
        for choice in UInt64(1)...8 {
            let applied = try #require(try BranchKeyDamage.apply(database: database, choice: choice, to: path))
            damage = applied
            if try !lookupFinds(applied.key) { break }
        }
        let misrouted = try #require(damage).key
        try #require(try !lookupFinds(misrouted))
        // The walk still sees every entry; a lookup of the damaged key does not find it.
        #expect(try self.entries(database).count == entries)
        let report = try Verifier(store: LedgerStore(path: path, readOnly: true)).verify()
        let key = misrouted.withUnsafeBytes { Verifier.describe($0) }
        #expect(
            report.differences.contains { $0 == "\(database): a lookup of key \(key) does not find it (a damaged branch page)" },
            "\(report.differences)")
    }

    /// A value on a page of its own halfway through `customer_orders`: verify's reading of its
    /// pages gives way there to a walk through LMDB, which goes on from the entry after the last one
    /// read, so that each entry is checked once: that entry is named, and no order twice.
    @Test func aWalkThatGivesWayHalfwayChecksEachEntryOnce() throws {
        try makeStore()
        let index = try entries("customer_orders")
        let middle = index[index.count / 2]
        try StoreFixture.put([UInt8](repeating: 7, count: 8_000), key: middle.key, database: "customer_orders", at: path)
        let report = try Verifier(store: LedgerStore(path: path, readOnly: true)).verify()
        #expect(
            report.differences == ["customer_orders: key \(Self.number64(middle.key)) (\(Self.hex(middle.key))) holds a value"])
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func aDamagedBatchRecordStopsTheImportOfItsFileAgainAndNothingIsAppliedTwice() throws {
        try makeStore()
        var record = try entries("batches")[0]
        record.value[40] ^= 1
        try StoreFixture.put(record.value, key: record.key, database: "batches", at: path)
        let before = try LedgerStore(path: path, readOnly: true).dump()
        let store = try LedgerStore(path: path, durable: false)
        #expect(throws: StoreError.corrupt("the record of batch 1 fails its check")) {
            try Importer(store: store).importFile(directory.path + "/batch.csv")
        }
        #expect(try store.dump() == before)
        #expect(throws: StoreError.self) { try store.rejections(ofFile: directory.path + "/batch.csv", format: .csv) }
    }

    @Test func aLostRejectionStopsTheQueryOfItsBatch() throws {
        try makeStore()
        try StoreFixture.delete(key: try entries("rejections")[0].key, database: "rejections", at: path)
        let store = try LedgerStore(path: path, readOnly: true)
        #expect(throws: StoreError.self) { try store.rejections(ofFile: directory.path + "/batch.csv", format: .csv) }
    }

    @Test func aLostCommandIDStopsTheNextImportThatMeetsACommandIDAndNothingIsApplied() throws {
        try makeStore()
        let first = try entries("commands")[0]
        try StoreFixture.delete(key: first.key, database: "commands", at: path)
        let id = String(decoding: first.value.dropLast(CommandIDs.checkSize), as: UTF8.self)
        let again = directory.file(
            "again.csv",
            "type,order_id,customer_id,currency,lines,amount,at,command_id\n"
                + "place,O-new,C-1,EUR,A*1@100,,2026-03-01T10:00:00Z,\(id)\n")
        let before = try LedgerStore(path: path, readOnly: true).dump()
        let store = try LedgerStore(path: path, durable: false)
        #expect(throws: StoreError.self) { try Importer(store: store).importFile(again) }
        #expect(try store.dump() == before)
    }

    @Test func aLostCheckpointStopsTheNextImportBeforeItFoldsAnythingTwice() throws {
        try makeStore()
        try StoreFixture.delete(key: Array("stats".utf8), database: "checkpoints", at: path)
        let more = directory.file(
            "more.csv",
            "type,order_id,customer_id,currency,lines,amount,at,command_id\n"
                + "place,O-more,C-1,EUR,A*1@100,,2026-03-01T10:00:00Z,\n")
        let before = try LedgerStore(path: path, readOnly: true).dump()
        let store = try LedgerStore(path: path, durable: false)
        #expect(throws: StoreError.corrupt("checkpoints: stats has lost its checkpoint, but its read model holds rows")) {
            try Importer(store: store).importFile(more)
        }
        #expect(try store.dump() == before)
    }

    @Test func aHeadKeyThatNoLongerMatchesItsRecordStopsTheImportOfItsFile() throws {
        try makeStore()
        var record = try entries("batches")[0]
        // The record keeps its head key's digest at bytes 152–183; changed along with a check
        // that matches, only the head key itself disagrees.
        record.value[152] ^= 1
        record.value.withUnsafeMutableBytes { bytes in
            let check = StoredCheck.of(UnsafeRawBufferPointer(rebasing: bytes[..<184]), salt: 1)
            bytes.storeBytes(of: check.littleEndian, toByteOffset: 184, as: UInt64.self)
        }
        try StoreFixture.put(record.value, key: record.key, database: "batches", at: path)
        let store = try LedgerStore(path: path, durable: false)
        let before = try store.dump()
        #expect(throws: StoreError.self) { try Importer(store: store).importFile(directory.path + "/batch.csv") }
        #expect(try store.dump() == before)
        let report = try Verifier(store: store).verify()
        #expect(
            report.differences.contains { $0.hasPrefix("batch_heads: batch 1 has lost its head key") }, "\(report.differences)")
    }
}
