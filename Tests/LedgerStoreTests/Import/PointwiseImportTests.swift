import BatchGenerator
import Foundation
import LMDB
import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// A small import into a larger store, point-wise (`LookupMode`): the ids, orders and rows it
/// meets are looked up one by one instead of loaded whole, with the same outcome as loading them.
struct PointwiseImportTests {
    let directory = TemporaryDirectory()

    /// A generated batch's records, its header first.
    func generatedLines(orders: Int, seed: UInt64) -> [String] {
        var lines: [String] = []
        var generator = BatchGenerator(
            settings: GeneratorProfile.spread.settings(orders: orders, seed: seed, badShare: 0.1))
        _ = generator.generate { lines.append($0) }
        return lines
    }

    /// Imports `lines[1..<split]` into a new store named `name`, in commits of 97 records, then
    /// the rest with `lookups`; the store and the second import's summary.
    func importInTwo(_ lines: [String], split: Int, name: String, lookups: LookupMode) throws -> (LedgerStore, ImportSummary) {
        let header = lines[0]
        let store = try LedgerStore(path: directory.path + "/" + name, durable: false)
        let first = directory.file(name + "-first.csv", ([header] + lines[1..<split]).joined(separator: "\n") + "\n")
        let second = directory.file(name + "-second.csv", ([header] + lines[split...]).joined(separator: "\n") + "\n")
        _ = try Importer(store: store).importFile(first, options: ImportOptions(chunkSize: 97))
        let summary = try Importer(store: store, lookups: lookups).importFile(second, options: ImportOptions(chunkSize: 13))
        return (store, summary)
    }

    /// The tail of a generated batch pays, ships and cancels orders its head placed, names its
    /// customers and skus again and repeats some of its command ids: imported point-wise, it
    /// decides every record as loading the tables does, and leaves the read models a rebuild makes.
    @Test func aSmallImportPointWiseDecidesAsALoadedOneAndItsReadModelsEqualARebuilds() throws {
        let lines = generatedLines(orders: 1_200, seed: 5)
        let split = lines.count - 150
        let (pointwise, summary) = try importInTwo(lines, split: split, name: "pointwise", lookups: .pointwise)
        let (loaded, expected) = try importInTwo(lines, split: split, name: "loaded", lookups: .loaded)
        #expect(summary.accepted > 0 && summary.rejected > 0 && summary.duplicates > 0)
        let counts: [Int] = [summary.records, summary.accepted, summary.rejected, summary.duplicates]
        let expectedCounts: [Int] = [expected.records, expected.accepted, expected.rejected, expected.duplicates]
        #expect(counts == expectedCounts)
        #expect(try pointwise.readModelBytes() == loaded.readModelBytes())
        let log = { (store: LedgerStore) in try StoreFixture.entries(database: "log", at: store.path).map { $0.value } }
        #expect(try log(pointwise) == log(loaded))
        for database in ["order_ids", "customer_ids", "sku_ids", "order_names", "commands"] {
            #expect(
                try StoreFixture.entries(database: database, at: pointwise.path).map { $0.key + $0.value }
                    == StoreFixture.entries(database: database, at: loaded.path).map { $0.key + $0.value }, "\(database)")
        }
        let imported = try pointwise.readModelBytes()
        _ = try Rebuilder(store: pointwise).rebuild()
        #expect(try pointwise.readModelBytes() == imported)
        let verified = try pointwise.verify(progress: { _ in }, shouldStop: { false })
        #expect(verified.isConsistent, "\(verified.differences.prefix(3))")
    }

    /// A command id the first import accepted is a duplicate in a small one, and an id the store
    /// named keeps its number: a customer and a sku named again add no row.
    @Test func aCommandIDAndIdsTheStoreHoldsAreFoundPointWise() throws {
        let store = try LedgerStore(path: directory.path + "/store", durable: false)
        let header = "type,order_id,customer_id,currency,lines,amount,at,command_id\n"
        var first = header
        for number in 1...300 {
            first += "place,O-\(number),C-\(number % 7),EUR,A-\(number % 5)*1@100,,2026-03-01T10:00:00Z,c-\(number)\n"
        }
        _ = try Importer(store: store).importFile(directory.file("first.csv", first))
        let second = directory.file(
            "second.csv",
            header + "pay,O-7,,,,100,2026-03-01T10:01:00Z,c-200\n" + "pay,O-7,,,,100,2026-03-01T10:01:00Z,c-new\n"
                + "place,P-1,C-3,EUR,A-4*2@100;B-1*1@5,,2026-03-01T10:02:00Z,c-new\n"
                + "place,P-2,C-new,EUR,A-2*1@100,,2026-03-01T10:02:00Z,c-300\n"
                + "place,P-3,C-3,EUR,A-4*1@100;B-1*1@5,,2026-03-01T10:02:00Z,c-301\n")
        let summary = try Importer(store: store, lookups: .pointwise).importFile(second)
        // c-200 and c-300 from the first import, c-new from this one; P-3 names customer C-3 and
        // sku A-4 of the first import again, and a new sku.
        #expect(summary.duplicates == 3 && summary.accepted == 2 && summary.rejected == 0)
        let stats = try store.statistics()
        #expect(stats.orders == 301 && stats.customers == 7 && stats.skus == 6)
        let customer = try #require(try store.customers().first { $0.customerID == "C-3" })
        #expect(customer.totals.orders == 44)
        #expect(try store.verify(progress: { _ in }, shouldStop: { false }).isConsistent)
    }

    @Test func anIdTheStoreNamedIsFoundPointWiseWithItsNumberAndADamagedMapIsRefused() throws {
        let store = try LedgerStore(path: directory.path + "/store", durable: false)
        let header = "type,order_id,customer_id,currency,lines,amount,at\n"
        _ = try Importer(store: store).importFile(
            directory.file(
                "first.csv",
                header + "place,O-1,C-1,EUR,A*1@100,,2026-03-01T10:00:00Z\n" + "place,O-2,C-2,EUR,B*1@100,,2026-03-01T10:00:00Z\n"
            ))
        let table = IdentifierTable(names: \.customerNames, ids: \.customerIDs)
        try store.write { ledger throws in
            try table.begin(ledger, releasing: nil)
            // Nothing loaded: both stored ids are below the table's base.
            #expect(table.base == 2 && table.count == 2 && table.number(of: "C-2") == nil)
            #expect(try table.find("C-2") == 1 && table.find("C-1") == 0 && table.find("C-3") == nil)
            #expect(try table.define("C-3") == 2)
            #expect(try table.find("C-3") == 2)
        }
        // An entry of `customer_ids` lost: no lookup may miss it, so the ids are loaded whole.
        let mapped = try StoreFixture.entries(database: "customer_ids", at: store.path)
        try StoreFixture.delete(key: Array("C-2".utf8), database: "customer_ids", at: store.path)
        let short = IdentifierTable(names: \.customerNames, ids: \.customerIDs)
        try store.read { ledger throws in
            try short.begin(ledger, releasing: nil)
            #expect(try short.base == 0 && short.find("C-2") == 1)
        }
        for entry in mapped { try StoreFixture.put(entry.value, key: entry.key, database: "customer_ids", at: store.path) }
        // `customer_ids` mapping C-1 to the number of C-2: refused, not taken.
        try StoreFixture.put([1, 0, 0, 0], key: Array("C-1".utf8), database: "customer_ids", at: store.path)
        let again = IdentifierTable(names: \.customerNames, ids: \.customerIDs)
        try store.read { ledger throws in
            try again.begin(ledger, releasing: nil)
            #expect(throws: StoreError.self) { try again.find("C-1") }
        }
    }

    @Test func aFileSmallAgainstTheStoreIsImportedPointWise() {
        #expect(LookupMode.choose(bytesLeft: 8_000, format: .csv, storedOrders: 1_000_000) == .pointwise)
        #expect(LookupMode.choose(bytesLeft: 8_000, format: .jsonl, storedOrders: 1_000_000) == .pointwise)
        #expect(LookupMode.choose(bytesLeft: 272_000_000, format: .csv, storedOrders: 1_000_000) == .loaded)
        #expect(LookupMode.choose(bytesLeft: 8_000, format: .csv, storedOrders: 5_000) == .loaded)
        #expect(LookupMode.choose(bytesLeft: 0, format: .csv, storedOrders: 0) == .loaded)
    }
}
