import Foundation
import LMDB
import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// The command index the store keeps between imports (`StoredCommandSlots`): written whole by an
/// import that loads every id, extended by a small one that looks ids up in it, and never trusted
/// alone: a damaged, stale or full table still lets no used command id pass.
struct StoredCommandSlotsTests {
    let directory = TemporaryDirectory()
    var path: String { directory.path + "/store" }
    let header = "type,order_id,customer_id,currency,lines,amount,at,command_id\n"

    /// `count` placements of orders `prefix`-1…, each with command id `c-<prefix>-<n>`.
    func placements(_ prefix: String, _ numbers: ClosedRange<Int>) -> String {
        numbers.map { "place,\(prefix)-\($0),C-\($0 % 9),EUR,A-\($0 % 4)*1@100,,2026-03-01T10:00:00Z,c-\(prefix)-\($0)\n" }
            .joined()
    }

    func table(_ store: LedgerStore) throws -> CommandSlotsHeader? {
        try store.read { try StoredCommandSlots.open($0)?.header }
    }

    func commandCount(_ store: LedgerStore) throws -> Int { try store.read { try $0.count(\.commands) } }

    func verifies(_ store: LedgerStore) throws -> [String] {
        try store.verify(progress: { _ in }, shouldStop: { false }).differences
    }

    /// Imports `body` (after the header) point-wise; its summary.
    func importPointWise(_ store: LedgerStore, _ name: String, _ body: String) throws -> ImportSummary {
        try Importer(store: store, lookups: .pointwise).importFile(directory.file(name, header + body))
    }

    @Test func anImportThatLoadsEveryIdKeepsItsTableAndASmallOneExtendsIt() throws {
        let store = try LedgerStore(path: path, durable: false)
        _ = try Importer(store: store, lookups: .loaded).importFile(
            directory.file("first.csv", header + placements("O", 1...400)), options: ImportOptions(chunkSize: 150))
        let written = try #require(try table(store))
        #expect(written.count == 400 && written.validAt == 400 && written.seed == IdentifierHash.seed)
        #expect(try verifies(store).isEmpty)
        // A command id of the first import is a duplicate; the new ones are added to the table.
        let summary = try importPointWise(
            store, "second.csv", placements("P", 1...3) + "pay,O-5,,,,100,2026-03-01T10:01:00Z,c-O-17\n")
        #expect(summary.accepted == 3 && summary.duplicates == 1)
        let extended = try #require(try table(store))
        #expect(extended.count == 403 && extended.validAt == 403 && extended.slotCount == written.slotCount)
        #expect(try verifies(store).isEmpty)
        // And the ids it added are found there by the next one.
        let third = try importPointWise(store, "third.csv", "pay,O-6,,,,100,2026-03-01T10:01:00Z,c-P-2\n")
        #expect(third.duplicates == 1 && third.accepted == 0)
    }

    /// An import stopped after some commits leaves the table behind the log: the next finds the
    /// command ids committed since in `commands`, and brings the table up to the log.
    @Test func aTableBehindTheLogIsCaughtUpFromCommands() throws {
        let store = try LedgerStore(path: path, durable: false)
        _ = try Importer(store: store).importFile(directory.file("first.csv", header + placements("O", 1...300)))
        let stop = StopFlag()
        #expect(throws: ImportInterrupted.self) {
            _ = try Importer(store: store).importFile(
                directory.file("second.csv", header + placements("Q", 1...300)),
                options: ImportOptions(chunkSize: 50, shouldStop: { stop.isRaised }), progress: { _ in stop.raise() })
        }
        let behind = try #require(try table(store))
        #expect(try behind.validAt == 300 && commandCount(store) > 300)
        #expect(try verifies(store).isEmpty)
        let summary = try importPointWise(
            store, "third.csv", "pay,O-1,,,,100,2026-03-01T10:01:00Z,c-Q-3\npay,O-2,,,,100,2026-03-01T10:01:00Z,c-O-3\n")
        #expect(summary.duplicates == 2 && summary.accepted == 0)
        let caughtUp = try #require(try table(store))
        #expect(try caughtUp.count == commandCount(store))
        #expect(try verifies(store).isEmpty)
    }

    /// A block changed on disk fails its check: verify names it, the import loads every id instead
    /// (and still finds the duplicate), and writes the table afresh.
    @Test func aDamagedBlockIsNotTrustedAndIsWrittenAgain() throws {
        let store = try LedgerStore(path: path, durable: false)
        _ = try Importer(store: store).importFile(directory.file("first.csv", header + placements("O", 1...300)))
        let blocks = try StoreFixture.entries(database: "command_slots", at: path).filter { $0.key != [255, 255, 255, 255] }
        // Every block is damaged, so that the duplicate's probe meets one.
        for block in blocks {
            var damaged = block.value
            damaged[0] ^= 0x40
            try StoreFixture.put(damaged, key: block.key, database: "command_slots", at: path)
        }
        #expect(try verifies(store).contains { $0.hasPrefix("command_slots: block 0 fails its check") })
        let summary = try importPointWise(store, "second.csv", "pay,O-1,,,,100,2026-03-01T10:01:00Z,c-O-200\n")
        #expect(summary.duplicates == 1)
        let again = try #require(try table(store))
        #expect(again.count == 300 && again.seed == IdentifierHash.seed)
        #expect(try verifies(store).isEmpty)
    }

    /// A header that does not add up with `commands` (a count one short) is not used.
    @Test func aTableWhoseCountDoesNotAddUpIsNotUsed() throws {
        let store = try LedgerStore(path: path, durable: false)
        _ = try Importer(store: store).importFile(directory.file("first.csv", header + placements("O", 1...300)))
        var header = try #require(try table(store))
        header.count -= 1
        var bytes = [UInt8](repeating: 0, count: CommandSlotsHeader.size)
        bytes.withUnsafeMutableBytes { header.encode(into: $0) }
        try StoreFixture.put(bytes, key: [255, 255, 255, 255], database: "command_slots", at: path)
        #expect(try verifies(store).contains { $0.hasPrefix("command_slots: 300 slots are filled and the header counts 299") })
        let summary = try importPointWise(store, "second.csv", "pay,O-1,,,,100,2026-03-01T10:01:00Z,c-O-250\n")
        #expect(summary.duplicates == 1)
        #expect(try verifies(store).isEmpty)
    }

    /// A table of `count` slots holding the commands `seqs` of `ledger`, each placed by `seed` as
    /// an import places it.
    static func slots(_ count: Int, placing seqs: ClosedRange<UInt64>, by seed: UInt64, in ledger: LedgerTransaction) throws
        -> [UInt64]
    {
        var slots = [UInt64](repeating: 0, count: count)
        try ledger.forEachCommand(in: seqs) { seq, id in
            let hash = IdentifierHash.of(id, seed: seed)
            var slot = CommandIndex.firstSlot(of: hash, among: count)
            while slots[slot] != 0 { slot = (slot + 1) % count }
            slots[slot] = (hash >> CommandIndex.seqBits) << CommandIndex.seqBits | seq
        }
        return slots
    }

    /// Writes a table of 8 slots, placed by seed 7, for the 3 commands of a fresh store, after
    /// `change` has had its slots; what verify says of it.
    func verifiesTable(_ change: (inout [UInt64]) -> Void) throws -> [String] {
        try? FileManager.default.removeItem(atPath: path)
        let store = try LedgerStore(path: path, durable: false)
        _ = try Importer(store: store).importFile(directory.file("first.csv", header + placements("O", 1...3)))
        let seed: UInt64 = 7
        try store.write { ledger throws in
            var slots = try Self.slots(8, placing: 1...3, by: seed, in: ledger)
            change(&slots)
            try StoredCommandSlots.write(slots, seed: seed, count: 3, validAt: 3, to: ledger)
        }
        return try verifies(store)
    }

    /// Slots written whole (each block passes its check) but not where an import would look:
    /// verify finds each command where its probe starts, not by the slots' own word.
    @Test func slotsAnImportCouldNotReachFailVerify() throws {
        #expect(try verifiesTable { _ in }.isEmpty)
        // One command moved past an empty slot, out of its probe's reach.
        let moved = try verifiesTable { slots in
            let from = slots.firstIndex { $0 != 0 }!
            let to = (1..<8).map { (from + $0) % 8 }.first { slots[$0] == 0 && slots[($0 + 7) % 8] == 0 }!
            slots.swapAt(from, to)
        }
        #expect(
            moved.contains {
                $0.hasPrefix("command_slots: the command id of seq ") && $0.hasSuffix("is not where its probe reaches")
            })
        // (The commands after it in its run may be cut off from their slots too.)
        #expect(moved.contains { $0.hasSuffix("slots name a seq whose command id's probe does not reach them") })
        // One slot's hash bits changed.
        let retagged = try verifiesTable { slots in
            let slot = slots.firstIndex { $0 != 0 }!
            slots[slot] ^= 1 << CommandIndex.seqBits
        }
        #expect(
            retagged.contains { $0.hasPrefix("command_slots: slot ") && $0.hasSuffix("does not hold its command id's hash bits") }
        )
    }

    /// A table that the small imports would fill past its load is dropped, and the next import that
    /// loads every id makes it again.
    @Test func aTableTooFullToExtendIsDroppedAndMadeAgain() throws {
        let store = try LedgerStore(path: path, durable: false)
        _ = try Importer(store: store).importFile(directory.file("first.csv", header + placements("O", 1...3)))
        // A table of 4 slots holding the 3 ids, as small as a table can be, placed by a seed of its own.
        let seed: UInt64 = 7
        try store.write { ledger throws in
            let slots = try Self.slots(4, placing: 1...3, by: seed, in: ledger)
            try StoredCommandSlots.write(slots, seed: seed, count: 3, validAt: 3, to: ledger)
        }
        #expect(try verifies(store).isEmpty)
        let summary = try importPointWise(
            store, "second.csv", placements("P", 1...1) + "pay,O-1,,,,100,2026-03-01T10:01:00Z,c-O-2\n")
        #expect(summary.accepted == 1 && summary.duplicates == 1)
        #expect(try table(store) == nil && verifies(store).isEmpty)
        let third = try Importer(store: store, lookups: .loaded).importFile(
            directory.file("third.csv", header + placements("R", 1...2)))
        #expect(third.accepted == 2)
        #expect(try table(store)?.count == 6)
    }

    /// A store of format 7 has no table: the upgrade makes its database, empty, and the first
    /// import that meets a command id fills it.
    @Test func aStoreOfFormatSevenGetsItsTableFromTheFirstImport() throws {
        do {
            let store = try LedgerStore(path: path, durable: false)
            _ = try Importer(store: store).importFile(directory.file("first.csv", header + placements("O", 1...50)))
        }
        try StoreFixture.clear(database: "command_slots", at: path)
        try StoreFixture.put([7, 0, 0, 0], key: Array("format".utf8), database: "meta", at: path)
        let old = try LedgerStore(path: path, readOnly: true)
        #expect(try old.foundFormat == 7 && old.verify(progress: { _ in }, shouldStop: { false }).isConsistent)
        let store = try LedgerStore(path: path, durable: false)
        #expect(try store.foundFormat == 7 && table(store) == nil)
        let summary = try importPointWise(store, "second.csv", "pay,O-1,,,,100,2026-03-01T10:01:00Z,c-O-9\n")
        #expect(summary.duplicates == 1)
        #expect(try table(store)?.count == 50)
        #expect(try verifies(store).isEmpty)
    }

    /// An import's slots moved out of memory while its last chunk writes back read back as they
    /// were, into a table whose blocks pass their checks; a block that cannot be filled writes no
    /// table, and the transaction it aborts leaves the one before.
    @Test func spilledSlotsReadBackIntoTheSameTable() throws {
        let store = try LedgerStore(path: path, durable: false)
        let slots = (1...1_500).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
        let spilled = try #require(SpilledSlots(slots, in: path))
        var some = [UInt64](repeating: 0, count: 700)
        #expect(some.withUnsafeMutableBytes { spilled.read(from: 800, into: $0) })
        #expect(some == Array(slots[800..<1_500]))
        try store.write { ledger throws in
            #expect(
                try StoredCommandSlots.write(
                    slotCount: spilled.count, seed: 7, count: 3, validAt: 3, to: ledger, fill: spilled.read))
        }
        let stored = try store.read { ledger throws -> [UInt64] in
            let table = try #require(try StoredCommandSlots.open(ledger))
            #expect(table.header == CommandSlotsHeader(seed: 7, slotCount: 1_500, count: 3, validAt: 3))
            return try (0..<StoredCommandSlots.blocks(of: table.header.slotCount)).flatMap { block in
                let bytes = try table.block(block, in: ledger)
                return (0..<bytes.count / 8).map {
                    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))
                }
            }
        }
        #expect(stored == slots)
        #expect(throws: StoredCommandSlots.Unusable.self) {
            try store.write { ledger throws in
                let filled = try StoredCommandSlots.write(
                    slotCount: 1_500, seed: 9, count: 3, validAt: 3, to: ledger, fill: { first, _ in first == 0 })
                if !filled { throw StoredCommandSlots.Unusable(reason: "a block was not filled") }
            }
        }
        #expect(try table(store)?.seed == 7)
    }
}
