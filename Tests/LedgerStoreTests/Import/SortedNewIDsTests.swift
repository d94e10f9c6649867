import LMDB
import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// The ids an import named, sorted from its id tables while its last chunk is written
/// (`SortedNewIDs`): in the order the store sorts them, and used by the write-back only when they
/// are exactly the ids its `…_ids` lacks.
struct SortedNewIDsTests {
    let directory = TemporaryDirectory()
    var storePath: String { directory.path + "/store" }

    static let ids = ["O-3", "O-10", "O-2", "O-1.x", "Zz", "O-12345678", "O-12345677", "a", "O-1"]

    /// A table that named `ids` in the store's `order_names`, in that order.
    func tableNaming(_ ids: [String], in store: LedgerStore) throws -> IdentifierTable {
        let table = IdentifierTable(names: \.orderNames)
        try store.write { ledger throws in
            try table.begin(ledger, releasing: nil)
            for id in ids {
                let number = try table.define(id)
                try ledger.appending(to: \.orderNames) { try LedgerTransaction.appendID(id, number: number, to: $0) }
            }
        }
        table.committed()
        return table
    }

    static func listed(_ ids: UnmappedIDs) -> [String] {
        (0..<ids.count).map { position in
            ids.withID(at: position) { id, number in "\(String(decoding: id, as: UTF8.self))=\(number)" }
        }
    }

    @Test func idsHandedOverSortAsThoseReadFromTheStoreFromAnyNumberTheyHold() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        let table = try tableNaming(Self.ids, in: store)
        let held = table.handOver()
        defer { held.deallocate() }
        #expect(table.count == 0)
        for first in [0, 4, Self.ids.count] {
            let fromStore = try store.read { try UnmappedIDs(\.orderNames, from: first, in: $0, releasing: nil) }
            let handedOver = try #require(UnmappedIDs(held, from: first))
            #expect(Self.listed(handedOver) == Self.listed(fromStore))
            #expect(handedOver.first == first && handedOver.count == Self.ids.count - first)
        }
        // As `String` orders these ASCII ids, a prefix first.
        let sorted = Self.ids.enumerated().sorted { $0.element < $1.element }.map { "\($0.element)=\($0.offset)" }
        #expect(Self.listed(try #require(UnmappedIDs(held, from: 0))) == sorted)
        // Numbers past those held are not held.
        #expect(UnmappedIDs(held, from: Self.ids.count + 1) == nil)
    }

    @Test func theWriteBackMapsTheStoresIdsWhenTheSortedOnesAreNotExactlyThoseUnmapped() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        _ = try tableNaming(Self.ids, in: store)
        // Sorted from another store's ids, as many, but from the second number on.
        let otherStore = try LedgerStore(path: directory.path + "/other", durable: false)
        let other = try tableNaming(Self.ids.map { $0 + "-other" }, in: otherStore)
        let held = other.handOver()
        defer { held.deallocate() }
        let wrong = try #require(UnmappedIDs(held, from: 1))
        try store.write { ledger throws in
            #expect(try ledger.indexIDs(of: \.orderNames, into: \.orderIDs, sorted: wrong, releasing: nil) == Self.ids.count)
        }
        try store.read { ledger throws in
            for (number, id) in Self.ids.enumerated() {
                let value = try #require(try ledger.value(\.orderIDs, id))
                #expect(try LedgerTransaction.denseNumber(value) == UInt32(number))
            }
            #expect(try ledger.count(\.orderIDs) == Self.ids.count)
        }
    }

    @Test func idsSortedOnAnotherThreadAreThoseFromTheNumberEachDictionaryMapped() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        let table = try tableNaming(Self.ids, in: store)
        let sorted = SortedNewIDs([.orders: table.handOver()], mapped: [.orders: 3])
        let ids = try #require(sorted.ids(of: .orders))
        let fromStore = try store.read { try UnmappedIDs(\.orderNames, from: 3, in: $0, releasing: nil) }
        #expect(Self.listed(ids) == Self.listed(fromStore))
        // Asked again, the same; a dictionary not handed over has none.
        #expect(sorted.ids(of: .orders)?.count == Self.ids.count - 3 && sorted.ids(of: .customers) == nil)
    }
}
