import BatchFormats
import Foundation
import LMDB
import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// The importer's tables in memory (`CommandIndex`, `IdentifierTable`) and the store layout they
/// rely on: ids that share a hash are told apart by their bytes, a chunk that does not commit
/// leaves nothing behind, and a format-2 store's commands are rekeyed on the first write.
struct ImportIndexTests {
    let directory = TemporaryDirectory()
    var storePath: String { directory.path + "/store" }

    /// Every id hashes alike: every lookup has to compare ids in full.
    static func sameHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { 0xABCD_EF01_2345_6789 }

    struct Aborted: Error {}

    @Test func commandIDsWithOneHashAreToldApartByTheirBytes() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        let index = CommandIndex(hash: Self.sameHash)
        try store.write { ledger throws in
            index.begin(ledger, head: 0, releasing: nil)
            #expect(try index.claim(CommandID(validated: "c-1"), seq: 1))
            #expect(try index.claim(CommandID(validated: "c-2"), seq: 2))
            #expect(try !index.claim(CommandID(validated: "c-1"), seq: 3))
            #expect(try index.claim(CommandID(validated: "c-10"), seq: 3))
            // The chunk's writer records the claims in `commands`.
            try index.claims(after: 0).write(to: ledger)
        }
        index.committed(head: 3)
        // A new index loads what the store holds, and still compares in full.
        let fresh = CommandIndex(hash: Self.sameHash)
        try store.write { ledger throws in
            fresh.begin(ledger, head: 3, releasing: nil)
            #expect(try !fresh.claim(CommandID(validated: "c-2"), seq: 4))
            #expect(try !fresh.claim(CommandID(validated: "c-10"), seq: 4))
            #expect(try fresh.claim(CommandID(validated: "c-3"), seq: 4))
        }
    }

    /// A table that fills up grows to what the rest of the file brings at the rate of the claims
    /// since it was made, between a quarter more slots and twice as many, and keeps every claim.
    @Test func aFullCommandIndexGrowsToWhatTheRestOfTheFileBringsAtTheRateSoFar() throws {
        #expect(CommandIndex.grownSize(1_000, count: 700, since: (0, 0), left: 50) == 2_000)
        #expect(CommandIndex.grownSize(1_000, count: 700, since: (700, 7_000), left: 0) == 2_000)
        // 0.1 claims a byte, 3,000 bytes left: 360 more, (700 + 360) / 0.7 slots.
        #expect(CommandIndex.grownSize(1_000, count: 700, since: (700, 7_000), left: 3_000) == 1_516)
        #expect(CommandIndex.grownSize(1_000, count: 700, since: (700, 7_000), left: 100) == 1_250)
        #expect(CommandIndex.grownSize(1_000, count: 700, since: (700, 7_000), left: 100_000) == 2_000)

        let store = try LedgerStore(path: storePath, durable: false)
        let index = CommandIndex()
        index.fileSize = 120_000
        let first = 30_000
        try store.write { ledger throws in
            index.begin(ledger, head: 0, read: 0, releasing: nil)
            for seq in 1...first { #expect(try index.claim(CommandID(validated: "c-\(seq)"), seq: UInt64(seq))) }
            try index.claims(after: 0).write(to: ledger)
        }
        index.committed(head: UInt64(first))
        let made = index.capacity
        #expect(made == 1 << 16)
        let total = 50_000
        try store.write { ledger throws in
            // The second chunk starts 100,000 bytes in: 0.46 claims a byte (45,876 when it fills).
            index.begin(ledger, head: UInt64(first), read: 100_000, releasing: nil)
            for seq in first + 1...total { #expect(try index.claim(CommandID(validated: "c-\(seq)"), seq: UInt64(seq))) }
            for seq in stride(from: 1, through: total, by: 997) {
                #expect(try !index.claim(CommandID(validated: "c-\(seq)"), seq: UInt64(total + 1)))
            }
        }
        let full = Int(Double(made) * 0.7) + 1
        #expect(
            index.capacity
                == CommandIndex.grownSize(made, count: full, since: (full, 100_000), left: 20_000))
        #expect(index.capacity >= made + made / 4 && index.capacity < 2 * made)
    }

    /// A first load from a store far larger than the file makes room for every claim the file can
    /// bring, not only those expected: a batch of records shorter than the estimate's does not
    /// fill the table and read every stored id again.
    @Test func aFirstLoadFromALargeStoreMakesRoomForEveryClaimTheFileCanBring() throws {
        #expect(CommandIndex.firstRoom(expected: 60, bound: 270, stored: 1_000_000) == 270)
        #expect(CommandIndex.firstRoom(expected: 60, bound: 270, stored: 800) == 100)
        #expect(CommandIndex.firstRoom(expected: 2_000_000, bound: 9_000_000, stored: 1_000_000) == 2_000_000)
        let store = try LedgerStore(path: storePath, durable: false)
        let stored = 46_000
        try store.write { ledger throws in
            var claims = CommandClaims()
            for seq in 1...stored {
                "s-\(seq)".utf8.withContiguousStorageIfAvailable { claims.append(.init($0), seq: UInt64(seq)) }
            }
            try claims.write(to: ledger)
        }
        let index = CommandIndex()
        index.expectedClaims = 10
        index.claimsBound = 1_000
        try store.write { ledger throws in
            index.begin(ledger, head: UInt64(stored), releasing: nil)
            #expect(try index.claim(CommandID(validated: "c-0"), seq: UInt64(stored + 1)))
            let loaded = index.capacity
            #expect(Double(loaded) * 0.7 >= Double(stored + 1_000))
            for number in 1..<1_000 {
                #expect(try index.claim(CommandID(validated: "c-\(number)"), seq: UInt64(stored + 1 + number)))
            }
            #expect(try !index.claim(CommandID(validated: "s-17"), seq: UInt64(stored + 1_001)))
            #expect(index.capacity == loaded)
        }
    }

    @Test func claimsCopiedIntoClaimsAlreadyHoldingSomeKeepEveryIdAtItsSeq() {
        func claims(_ entries: [(String, UInt64)]) -> CommandClaims {
            var claims = CommandClaims()
            for (id, seq) in entries { id.utf8.withContiguousStorageIfAvailable { claims.append(.init($0), seq: seq) } }
            return claims
        }
        func ids(_ claims: CommandClaims) -> [String] {
            (0..<claims.count).map { index in claims.withID(index) { String(decoding: $0, as: UTF8.self) } }
        }
        let source = claims([("c-1", 1), ("cc-2", 2), ("c-3", 3), ("cccc-4", 4)])
        var target = claims([("x", 1), ("yy", 2)])
        target.append(source, after: 2)
        #expect(target.seqs == [1, 2, 3, 4])
        #expect(ids(target) == ["x", "yy", "c-3", "cccc-4"])
        #expect(target.withID(at: 4) { String(decoding: $0, as: UTF8.self) } == "cccc-4")
        // Claims taking the room of others hold only what is copied into them.
        var next = claims([("z", 9)])
        next.reuseRoom(of: &target)
        #expect(next.count == 0)
        next.append(source, after: 0)
        #expect(ids(next) == ["c-1", "cc-2", "c-3", "cccc-4"])
        var last = CommandClaims()
        last.reuseRoom(of: &next)
        last.append(source, after: 4)
        #expect(last.count == 0)
    }

    /// The command index makes room for the ids of the bytes not committed yet: one per 128 bytes
    /// of CSV or 192 of JSON Lines, and no more than a fifth more than one per record as long as
    /// those committed.
    @Test func theCommandIDsExpectedAreThoseOfTheBytesLeftAtMostOnePerRecordAsLongAsTheCommittedOnes() {
        let csv = StoredBatch(format: .csv, start: BatchPosition(offset: 0, line: 1), hash: BatchHash())
        #expect(csv.expectedClaims(inFileOf: 128_000) == 1_000)
        let jsonl = StoredBatch(format: .jsonl, start: BatchPosition(offset: 0, line: 1), hash: BatchHash())
        #expect(jsonl.expectedClaims(inFileOf: 192_000) == 1_000)
        // 300-byte records committed: 100k bytes left bring 333, and a fifth more is allowed for.
        var resumed = jsonl
        resumed.next = BatchPosition(offset: 90_000, line: 301)
        resumed.records = 300
        #expect(resumed.expectedClaims(inFileOf: 190_000) == 399)
        // Short records committed: the bytes' own bound (100k / 192 = 520).
        resumed.records = 9_000
        #expect(resumed.expectedClaims(inFileOf: 190_000) == 520)
        // A continuation counts the bytes from where it started, and a file shorter than what was
        // committed brings none.
        var continued = StoredBatch(format: .csv, start: BatchPosition(offset: 50_000, line: 500), hash: BatchHash())
        continued.next = BatchPosition(offset: 80_000, line: 600)
        continued.records = 100
        #expect(continued.expectedClaims(inFileOf: 110_000) == 120)
        #expect(continued.expectedClaims(inFileOf: 60_000) == 0)
    }

    @Test func aChunkReusesTheRoomOfAnotherOnlyWhenItWasMostlyUsed() {
        var used = [UInt8](repeating: 1, count: 1_000)
        var array: [UInt8] = []
        PreparedChunk.reuse(&array, from: &used)
        #expect(array.isEmpty && array.capacity >= 1_000)
        var mostlyEmpty = [UInt8](repeating: 1, count: 10_000)
        mostlyEmpty.removeLast(9_000)
        var fresh: [UInt8] = []
        PreparedChunk.reuse(&fresh, from: &mostlyEmpty)
        #expect(fresh.isEmpty && fresh.capacity >= 1_125 && fresh.capacity < 10_000)
        #expect(mostlyEmpty.count == 1_000)
    }

    @Test func theClaimsOfAChunkThatDidNotCommitAreForgotten() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        let index = CommandIndex()
        #expect(throws: Aborted.self) {
            try store.write { ledger throws in
                index.begin(ledger, head: 0, releasing: nil)
                #expect(try index.claim(CommandID(validated: "c-1"), seq: 1))
                throw Aborted()
            }
        }
        try store.write { ledger throws in
            index.begin(ledger, head: 0, releasing: nil)
            #expect(try index.claim(CommandID(validated: "c-1"), seq: 1))
            // A released claim (its record was rejected) can be claimed again.
            #expect(try index.claim(CommandID(validated: "c-2"), seq: 2))
            try index.release(CommandID(validated: "c-2"))
            #expect(try index.claim(CommandID(validated: "c-2"), seq: 2))
        }
    }

    @Test func aChunkPreparedAheadOfTheStoreFindsTheClaimsOfTheChunksNotCommittedYet() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        let index = CommandIndex(hash: Self.sameHash)
        // The first chunk (seqs 1–2) is committed, the second (3–4) prepared but not written.
        try store.write { ledger throws in
            index.begin(ledger, head: 0, releasing: nil)
            #expect(try index.claim(CommandID(validated: "c-1"), seq: 1))
            #expect(try index.claim(CommandID(validated: "c-2"), seq: 2))
            try index.claims(after: 0).write(to: ledger)
        }
        index.committed(head: 2)
        try store.read { ledger throws in
            index.begin(ledger, head: 2, visibleHead: 2, releasing: nil)
            #expect(try index.claim(CommandID(validated: "c-3"), seq: 3))
            #expect(try index.claim(CommandID(validated: "c-4"), seq: 4))
        }
        index.committed(head: 4)
        // The third chunk reads a snapshot without the second: its claims are compared from memory.
        try store.read { ledger throws in
            index.begin(ledger, head: 4, visibleHead: 2, releasing: nil)
            #expect(try !index.claim(CommandID(validated: "c-3"), seq: 5))
            #expect(try !index.claim(CommandID(validated: "c-1"), seq: 5))
            #expect(try index.claim(CommandID(validated: "c-5"), seq: 5))
            #expect(index.claims(after: 4).seqs == [5])
            #expect(index.claims(after: 2).seqs == [3, 4, 5])
            #expect(index.claims(after: 2).withID(at: 4) { String(decoding: $0, as: UTF8.self) } == "c-4")
        }
        // A new index loaded while a chunk is pending would miss its claims: it is loaded only
        // from a snapshot that holds every chunk before (the first chunk of an import).
        let fresh = CommandIndex(hash: Self.sameHash)
        try store.read { ledger throws in
            fresh.begin(ledger, head: 2, releasing: nil)
            #expect(try !fresh.claim(CommandID(validated: "c-2"), seq: 3))
            #expect(try fresh.claim(CommandID(validated: "c-3"), seq: 3))
        }
    }

    @Test func idsWithOneHashAreToldApartAndAnAbortedChunksIdsAreForgotten() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        let table = IdentifierTable(names: \.skuNames, hash: Self.sameHash)
        func define(_ id: String, in ledger: LedgerTransaction) throws -> UInt32 {
            let number = try table.define(id)
            try ledger.appending(to: \.skuNames) { try LedgerTransaction.appendID(id, number: number, to: $0) }
            return number
        }
        try store.write { ledger throws in
            try table.begin(ledger, releasing: nil)
            #expect(try define("A-1", in: ledger) == 0)
            #expect(try define("A-10", in: ledger) == 1)
            #expect(table.number(of: "A-1") == 0 && table.number(of: "A-10") == 1 && table.number(of: "A-2") == nil)
        }
        table.committed()
        #expect(throws: Aborted.self) {
            try store.write { ledger throws in
                try table.begin(ledger, releasing: nil)
                #expect(try define("A-2", in: ledger) == 2)
                throw Aborted()
            }
        }
        try store.write { ledger throws in
            try table.begin(ledger, releasing: nil)
            #expect(table.count == 2 && table.number(of: "A-2") == nil)
        }
        // Another table (another import) loads the ids the store holds.
        let other = IdentifierTable(names: \.skuNames, hash: Self.sameHash)
        try store.write { ledger in try other.begin(ledger, releasing: nil) }
        #expect(other.count == 2 && other.number(of: "A-10") == 1 && other.number(of: "A-1") == 0)
    }

    @Test func aGuessedNumberIsTheNumberOfTheFirstIdWithTheHashsBitsAndNoneWithout() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        // Each length its own slot and hash bits.
        let byLength = IdentifierTable(names: \.skuNames) { UInt64($0.count) << 40 | UInt64($0.count) }
        let colliding = IdentifierTable(names: \.customerNames, hash: Self.sameHash)
        try store.write { ledger throws in
            try byLength.begin(ledger, releasing: nil)
            try colliding.begin(ledger, releasing: nil)
            for id in ["A", "BB", "CCC"] {
                _ = try byLength.define(id)
                _ = try colliding.define(id)
            }
        }
        #expect(byLength.guessNumber(hash: 2 << 40 | 2) == 1 && byLength.guessNumber(hash: 3 << 40 | 3) == 2)
        #expect(byLength.guessNumber(hash: 5 << 40 | 5) == nil)
        // A guess does not compare ids: every id under one hash is guessed to be the first.
        #expect(colliding.guessNumber(hash: Self.sameHash(UnsafeRawBufferPointer(start: nil, count: 0))) == 0)
    }

    @Test func theLeadingBytesOfIdsSortAsTheIdsDoAsFarAsTheyTellThemApart() {
        let ids = ["O-1", "O-10", "O-1.", "O-12345678", "O-12345679", "O-1234567", "A", "a", "-", "Z_9:x", "O-2", ""]
        func leading(_ id: String) -> UInt64 { Array(id.utf8).withUnsafeBytes { UnmappedIDs.leadingBytes(of: $0) } }
        func precedes(_ first: String, _ second: String) -> Bool {
            Array(first.utf8).withUnsafeBytes { a in Array(second.utf8).withUnsafeBytes { UnmappedIDs.precedes(a, $0) } }
        }
        for first in ids {
            for second in ids {
                let (a, b) = (leading(first), leading(second))
                #expect(a < b ? first < second : true, "\(first) before \(second)")
                #expect(first < second ? a <= b : true, "\(first) before \(second)")
                // In full, as LMDB orders keys: as `String` orders ASCII.
                #expect(precedes(first, second) == (first < second), "\(first) before \(second)")
            }
        }
    }

    @Test func idsMadeToShareASlotUnderAFixedHashAreSpreadByTheProcesssSeed() {
        func hash(_ id: String, seed: UInt64? = nil) -> UInt64 {
            var id = id
            return id.withUTF8 { bytes in
                seed.map { IdentifierHash.of(UnsafeRawBufferPointer(bytes), seed: $0) }
                    ?? IdentifierHash.of(UnsafeRawBufferPointer(bytes))
            }
        }
        // What a hostile batch could hold against an unseeded function: ids whose 12 low bits
        // (the slot in a table of 4,096) are all 0, found by trying.
        let slotMask: UInt64 = (1 << 12) - 1
        var crafted: [String] = []
        var candidate = 0
        while crafted.count < 64 {
            let id = "O-\(candidate)"
            if hash(id, seed: 0) & slotMask == 0 { crafted.append(id) }
            candidate += 1
        }
        // Under this process's seed they scatter (64 ids in 4,096 slots: about 63 distinct).
        #expect(IdentifierHash.seed != 0)
        #expect(Set(crafted.map { hash($0) & slotMask }).count > 32)
    }

    @Test func anImportFindsTheIdsAndCommandIDsOfEarlierImportsAcrossItsChunks() throws {
        let mine = try LedgerStore(path: storePath, durable: false)
        let header = "type,order_id,customer_id,currency,lines,amount,at,command_id\n"
        let first = directory.file("first.csv", header + "place,O-1,C-1,EUR,A*1@100,,2026-03-01T10:00:00Z,c1\n")
        // A second import, two records per commit: its tables load the first import's ids and
        // command ids, and a claim given back by a rejection in one chunk is free in the next.
        _ = try Importer(store: mine).importFile(first)
        let second = directory.file(
            "second.csv",
            header + "place,O-2,C-1,EUR,A*1@100;B*1@5,,2026-03-01T10:00:00Z,c2\n" + "pay,O-1,,,,100,2026-03-01T10:01:00Z,c1\n"
                + "pay,O-1,,,,100,2026-03-01T10:01:00Z,c3\n" + "place,O-1,C-2,EUR,A*1@100,,2026-03-01T10:00:00Z,c4\n"
                + "pay,O-2,,,,105,2026-03-01T10:02:00Z,c4\n" + "pay,O-2,,,,1,2026-03-01T10:03:00Z,c4\n")
        let summary = try Importer(store: mine).importFile(second, options: ImportOptions(chunkSize: 2))
        #expect(summary.accepted == 3)  // O-2 placed, O-1 paid (c3), O-2 paid (c4 again after its rejection)
        #expect(summary.duplicates == 2)  // c1 from the first file, c4 once accepted
        #expect(summary.rejected == 1)  // place of O-1 again: duplicate_order, which gives c4 back
        let stats = try mine.statistics()
        #expect(stats.customers == 1 && stats.skus == 2 && stats.orders == 2)
        #expect(try mine.verify(progress: { _ in }, shouldStop: { false }).isConsistent)
    }

    @Test func anImportGrowsTheMapAheadSoThatNoChunkFillsItMidway() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        let initial = store.environment.mapSize
        let header = "type,order_id,customer_id,currency,lines,amount,at,command_id\n"
        let batch = directory.file("batch.csv", header + "place,O-1,C-1,EUR,A*1@100,,2026-03-01T10:00:00Z,c1\n")
        _ = try Importer(store: store).importFile(batch)
        // Room for at least 256 MiB, and as much again as the data file holds, past its last page.
        let room = store.environment.mapSize - store.environment.usedBytes
        #expect(store.environment.mapSize > initial)
        #expect(room >= 256 << 20 && room >= store.environment.usedBytes)
    }

    @Test func aNumberSetIsWalkedOnceEachInAscendingOrder() {
        var changed = NumberSet()
        #expect(changed.isEmpty && Array(changed).isEmpty)
        for number in [130, 3, 3, 64, 0, 63, 130, 5_000] { changed.insert(number) }
        #expect(!changed.isEmpty)
        #expect(Array(changed) == [0, 3, 63, 64, 130, 5_000])
        #expect(changed.contains(63) && changed.contains(5_000) && !changed.contains(4) && !changed.contains(1 << 20))
        changed.removeAll()
        #expect(changed.isEmpty && Array(changed).isEmpty && !changed.contains(3))
        changed.insert(1)
        #expect(Array(changed) == [1])
    }

    /// The orders `states` lists as changed, as `forEachChange` gives them.
    func changes(_ states: OrderStates) -> [StoredOrder] {
        var orders: [StoredOrder] = []
        states.forEachChange { orders.append($0) }
        return orders
    }

    /// An order of customer number 0 for 100 EUR, `paid` of it paid, whose latest event is `lastSeq`.
    func order(_ number: UInt32, paid: Int64, lastSeq: UInt64) -> StoredOrder {
        let at = Timestamp(milliseconds: 1_770_000_000_000)
        let state = OrderState(
            status: paid == 0 ? .placed : .paid, currency: Array("EUR".utf8).withUnsafeBytes { Currency(bytes: $0) }!,
            customer: CustomerNumber(0), total: 100, paid: paid, refunded: 0, version: UInt32(lastSeq), placedAt: at,
            updatedAt: at, lineCount: 1, itemCount: 1)
        return StoredOrder(number: OrderNumber(number), state: state, lastSeq: lastSeq)
    }

    @Test func orderStatesAreKeptAcrossChunksAndForgottenWhenAChunkDoesNotCommitOrTheLogMoved() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        try store.write { ledger throws in
            try ledger.appending(to: \.customerNames) { try LedgerTransaction.appendID("C-1", number: 0, to: $0) }
            try ledger.putOrder(order(0, paid: 0, lastSeq: 1))
            try ledger.putOrder(order(1, paid: 0, lastSeq: 2))
            try ledger.putOrder(order(100_000, paid: 0, lastSeq: 2))
        }
        let states = OrderStates()
        // A chunk reads an order from the store once, changes it and writes back only what it changed.
        try store.write { ledger throws in
            states.begin(ledger, head: 2)
            #expect(try states.order(OrderNumber(1)) == order(1, paid: 0, lastSeq: 2))
            states.update(to: order(1, paid: 50, lastSeq: 3))
            states.update(to: order(1, paid: 100, lastSeq: 4))
            #expect(try states.order(OrderNumber(1)) == order(1, paid: 100, lastSeq: 4))
            #expect(try states.order(OrderNumber(2)) == nil)
            // A number beyond the room made at first grows the buffers and keeps what they held.
            #expect(try states.order(OrderNumber(100_000)) == order(100_000, paid: 0, lastSeq: 2))
            #expect(try states.order(OrderNumber(1)) == order(1, paid: 100, lastSeq: 4))
            // Changed twice, listed once; read only, not listed.
            #expect(changes(states) == [order(1, paid: 100, lastSeq: 4)])
            for changed in changes(states) { try ledger.putOrder(changed) }
        }
        states.committed(head: 4)
        #expect(try store.read { ledger throws in try ledger.order(OrderNumber(1)) } == order(1, paid: 100, lastSeq: 4))
        #expect(try store.read { ledger throws in try ledger.order(OrderNumber(0)) } == order(0, paid: 0, lastSeq: 1))
        // The next chunk finds the state in memory: a stored value changed behind its back is not read.
        try store.write { ledger throws in try ledger.putOrder(order(1, paid: 1, lastSeq: 4)) }
        #expect(throws: Aborted.self) {
            try store.write { ledger throws in
                states.begin(ledger, head: 4)
                #expect(try states.order(OrderNumber(1)) == order(1, paid: 100, lastSeq: 4))
                states.update(to: order(0, paid: 100, lastSeq: 5))
                // The import's changes add up over its chunks, to be written back with its last.
                #expect(changes(states) == [order(0, paid: 100, lastSeq: 5), order(1, paid: 100, lastSeq: 4)])
                throw Aborted()
            }
        }
        // That chunk did not commit: its change is forgotten and every state is read from the store again.
        try store.write { ledger throws in
            states.begin(ledger, head: 4)
            #expect(try states.order(OrderNumber(0)) == order(0, paid: 0, lastSeq: 1))
            #expect(try states.order(OrderNumber(1)) == order(1, paid: 1, lastSeq: 4))
            #expect(changes(states).isEmpty)
        }
        states.committed(head: 4)
        // Another writer moved the log on: the states are read from the store again.
        try store.write { ledger throws in try ledger.putOrder(order(0, paid: 100, lastSeq: 5)) }
        try store.write { ledger throws in
            states.begin(ledger, head: 5)
            #expect(try states.order(OrderNumber(0)) == order(0, paid: 100, lastSeq: 5))
        }
    }

    @Test func anOrderReadFromTheStoreBringsTheStoredOrdersOfItsBlockButNeverOneTheImportHolds() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        let block = UInt32(OrderStates.loadBlock)
        try store.write { ledger throws in
            try ledger.appending(to: \.customerNames) { try LedgerTransaction.appendID("C-1", number: 0, to: $0) }
            for number in [0, 1, 2, block - 1, block] { try ledger.putOrder(order(number, paid: 0, lastSeq: 2)) }
        }
        let states = OrderStates()
        try store.write { ledger throws in
            states.begin(ledger, head: 2)
            // Changed by the import before its block is read: the stored state must not replace it.
            states.update(to: order(2, paid: 70, lastSeq: 9))
            #expect(try states.order(OrderNumber(1)) == order(1, paid: 0, lastSeq: 2))
            // The stored orders of its block came with it, once: changed in the store now, they
            // are not read again (nothing but the write-back writes `orders` during an import).
            for number in [0, block - 1, 3] { try ledger.putOrder(order(number, paid: 1, lastSeq: 3)) }
            #expect(try states.order(OrderNumber(0)) == order(0, paid: 0, lastSeq: 2))
            #expect(try states.order(OrderNumber(block - 1)) == order(block - 1, paid: 0, lastSeq: 2))
            #expect(try states.order(OrderNumber(3)) == nil)
            #expect(try states.order(OrderNumber(2)) == order(2, paid: 70, lastSeq: 9))
            // The next block is read when one of its orders is met.
            try ledger.putOrder(order(block, paid: 1, lastSeq: 3))
            #expect(try states.order(OrderNumber(block)) == order(block, paid: 1, lastSeq: 3))
            #expect(changes(states) == [order(2, paid: 70, lastSeq: 9)])
        }
    }

    /// Adds `amount` to row `number` through `places`, into `rows` by place, as the import's rows
    /// are folded into: the store holds the even rows below `stored`, each 1,000 plus its number,
    /// and every read of them is listed in `loads`.
    private static func add(
        _ amount: Int, to number: Int, _ places: inout RowPlaces, _ rows: inout [Int], stored: Int,
        loads: inout [ClosedRange<Int>]
    ) {
        let place = places.place(of: number, stored: stored) { numbers, first in
            loads.append(numbers)
            for stored in numbers where stored % 2 == 0 {
                let at = first + stored - numbers.lowerBound
                if at >= rows.count { rows += repeatElement(0, count: at + 1 - rows.count) }
                rows[at] += 1_000 + stored
            }
        }
        if place >= rows.count { rows += repeatElement(0, count: place + 1 - rows.count) }
        rows[place] += amount
    }

    @Test func rowPlacesReadStoredRowsABlockAtATimeBelowTheStoredBoundAndListWhereUpdated() {
        var places = RowPlaces()
        var rows: [Int] = []
        var loads: [ClosedRange<Int>] = []
        let block = RowPlaces.loadBlock
        let stored = block + 10
        func add(_ amount: Int, to number: Int) {
            Self.add(amount, to: number, &places, &rows, stored: stored, loads: &loads)
        }
        add(1, to: 3)
        add(1, to: 4)
        add(5, to: block + 2)
        add(7, to: block + 20)
        add(1, to: 6)
        add(1, to: 4)
        // One read per block met, the last one cut at the stored bound; none past it.
        #expect(loads == [0...block - 1, block...stored - 1])
        #expect(places.placed(4) == 4 && places.placed(block + 20) == block + 20)
        #expect(rows[3] == 1 && rows[4] == 1_006 && rows[6] == 1_007)
        #expect(rows[block + 2] == 1_000 + block + 2 + 5 && rows[block + 20] == 7)
        // Read with its block but never updated: held, not listed for the write-back.
        #expect(rows[8] == 1_008)
        #expect(Array(places.updated) == [3, 4, 6, block + 2, block + 20])
        places.removeAll()
        rows = []
        add(1, to: 4)
        #expect(loads.count == 3 && rows[4] == 1_005 && Array(places.updated) == [4])
    }

    @Test func rowPlacesPointwiseHoldTheRowsMetInTheOrderMetEachReadAlone() {
        var places = RowPlaces(lookups: .pointwise)
        var rows: [Int] = []
        var loads: [ClosedRange<Int>] = []
        let stored = 100_000
        func add(_ amount: Int, to number: Int) {
            Self.add(amount, to: number, &places, &rows, stored: stored, loads: &loads)
        }
        add(1, to: 90_000)
        add(2, to: 7)
        add(3, to: stored + 5)
        add(4, to: 90_000)
        // Three rows held, whatever their numbers; each stored one read alone, once.
        #expect(rows.count == 3)
        #expect(loads == [90_000...90_000, 7...7])
        #expect(places.placed(90_000) == 0 && places.placed(7) == 1 && places.placed(stored + 5) == 2)
        #expect(rows == [91_005, 2, 3])
        #expect(Array(places.updated) == [7, 90_000, stored + 5])
    }

    @Test func theWriteBackDrainsTheOrderStatesOnceInNumberOrder() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        let at = Timestamp(milliseconds: 1_770_000_000_000)
        func order(_ number: Int) -> StoredOrder {
            let state = OrderState(
                status: .paid, currency: Array("EUR".utf8).withUnsafeBytes { Currency(bytes: $0) }!,
                customer: CustomerNumber(0), total: Int64(number), paid: Int64(number), refunded: 0,
                version: 2, placedAt: at, updatedAt: at, lineCount: 1, itemCount: Int64(number))
            return StoredOrder(number: OrderNumber(UInt32(number)), state: state, lastSeq: UInt64(number + 1))
        }
        // Enough orders for many pages of states to be handed back behind the write-back.
        let numbers = Array(stride(from: 0, to: 60_000, by: 3))
        let states = OrderStates()
        try store.write { ledger throws in
            states.begin(ledger, head: 0)
            for number in numbers.reversed() { states.update(to: order(number)) }
        }
        states.committed(head: 0)
        var drained: [StoredOrder] = []
        try states.drainChanges { drained.append($0) }
        #expect(drained == numbers.map(order))
        // Once only: states given back are never written.
        #expect(throws: StoreError.self) { try states.drainChanges { _ in Issue.record("drained twice") } }
        // A chunk begun again (an atomic import's transaction run again) starts from the store.
        try store.write { ledger throws in
            try ledger.appending(to: \.customerNames) { try LedgerTransaction.appendID("C-1", number: 0, to: $0) }
            try ledger.putOrder(order(3))
            states.begin(ledger, head: 0)
            #expect(try states.order(OrderNumber(3)) == order(3))
            #expect(try states.order(OrderNumber(6)) == nil)
            states.update(to: order(6))
        }
        drained = []
        try states.drainChanges { drained.append($0) }
        #expect(drained == [order(6)])
    }

    @Test func aFormatTwoStoreHasItsCommandsRekeyedBySeqOnTheFirstWrite() throws {
        let header = "type,order_id,customer_id,currency,lines,amount,at,command_id\n"
        let batch = directory.file(
            "batch.csv",
            header + "place,O-1,C-1,EUR,A*1@100,,2026-03-01T10:00:00Z,c-b\n"
                + "place,O-2,C-1,EUR,A*1@100,,2026-03-01T10:00:00Z,\n"
                + "pay,O-1,,,,100,2026-03-01T10:01:00Z,c-a\n")
        _ = try Importer(store: LedgerStore(path: storePath, durable: false)).importFile(batch)
        // Format 2's layout: command id → seq (little-endian), and the stamp 2.
        try StoreFixture.turnIntoFormat3(at: storePath)
        let commands = try StoreFixture.entries(database: "commands", at: storePath)
        #expect(commands.count == 2)
        for entry in commands {
            try StoreFixture.delete(key: entry.key, database: "commands", at: storePath)
            let seq = UInt64(bigEndian: entry.key.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
            try StoreFixture.put(
                withUnsafeBytes(of: seq.littleEndian, Array.init), key: entry.value, database: "commands", at: storePath)
        }
        try StoreFixture.put([2, 0, 0, 0], key: Array("format".utf8), database: "meta", at: storePath)
        let before = try LedgerStore(path: storePath, readOnly: true).dump()
        #expect(before.contains("command c-a 3") && before.contains("command c-b 1"))

        let store = try LedgerStore(path: storePath, durable: false)
        let format = try StoreFixture.entries(database: "meta", at: storePath).first { $0.key == Array("format".utf8) }?.value
        #expect(format == [UInt8(LedgerStore.formatVersion), 0, 0, 0])
        #expect(try store.dump() == before)
        let again = directory.file("again.csv", header + "pay,O-1,,,,1,2026-03-01T10:02:00Z,c-a\n")
        let summary = try Importer(store: store).importFile(again)
        #expect(summary.duplicates == 1 && summary.accepted == 0)
    }
}

extension CommandIndex {
    /// The claims after `seq`, in claims of their own.
    fileprivate func claims(after seq: UInt64) -> CommandClaims {
        var claims = CommandClaims()
        copyClaims(after: seq, into: &claims)
        return claims
    }
}
