import Foundation
import TestSupport
import Testing

@testable import LMDB

/// `LeafCursor` reads a tree's leaves in the map and gives what an LMDB cursor gives: from any
/// seek (before the first key, on a key, between two, past the last), the same entries in the same
/// order, values on pages of their own included; and at a leaf that does not fit the layout it
/// stops, `failed`, having given the entries before it.
struct LeafCursorTests {
    let directory = TemporaryDirectory()

    /// Keys 10, 20, … 1,000,000 (4 bytes: a tree three levels deep), every 500th value too long
    /// for a leaf.
    func makeTree() throws {
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "rows")
        try env.write { txn in
            for number in 1...100_000 {
                let size = number % 500 == 0 ? 9_000 : 1 + number % 40
                try txn.put(db, BigEndianKey32(UInt32(number * 10)), (0..<size).map { UInt8(truncatingIfNeeded: number &+ $0) })
            }
        }
    }

    /// The entries from `key` on, read both ways, with whether the leaves' walk failed and how many it gave.
    func fromBothWays(_ key: UInt32) throws -> (leaves: [[UInt8]], cursor: [[UInt8]], failed: Bool, given: Int) {
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "rows")
        let region = env.mappedRegion()
        return try env.read { txn in
            let pages = try #require(txn.leafPages(named: "rows", region: region))
            var walk = LeafCursor(pages)
            var leaves: [[UInt8]] = []
            var entry = walk.seek(atLeast: BigEndianKey32(key))
            while let current = entry {
                leaves.append(Array(current.key) + Array(current.value))
                entry = walk.next()
            }
            let cursor = try txn.withCursor(db) { $0.entries(from: BigEndianKey32(key)).map { Array($0.key) + Array($0.value) } }
            return (leaves, cursor, walk.failed, walk.given)
        }
    }

    @Test func theTreeIsThreeLevelsDeep() throws {
        try makeTree()
        let env = try Environment(directory: directory.path)
        _ = try env.openDatabase(named: "rows")
        let region = try #require(env.mappedRegion())
        #expect(try env.read { txn in try #require(BranchPages(txn, named: "rows", region: region)).depth } == 3)
    }

    @Test(arguments: [UInt32(0), 10, 15, 35_000, 35_005, 500_000, 999_990, 999_995, 2_000_000])
    func aWalkOfTheLeavesGivesWhatACursorGivesFromAnySeek(_ key: UInt32) throws {
        try makeTree()
        let both = try fromBothWays(key)
        #expect(!both.failed)
        #expect(both.leaves.count == both.cursor.count)
        #expect(both.leaves == both.cursor)
        #expect(both.given == both.cursor.count)
    }

    /// The page number of the leaf that holds `key`, and how many entries the leaves before it hold.
    func leaf(holding key: UInt32) throws -> (page: UInt64, before: Int) {
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "rows")
        return try env.read { txn in
            try txn.withCursor(db) { cursor in
                func page(_ key: UnsafeRawBufferPointer) -> UInt { UInt(bitPattern: key.baseAddress) & ~UInt(4095) }
                let found = try #require(try cursor.seek(atLeast: BigEndianKey32(key)))
                let start = page(found.key)
                let before = cursor.entries().prefix { page($0.key) != start }.count
                return (try #require(UnsafeRawPointer(bitPattern: start)).load(as: UInt64.self), before)
            }
        }
    }

    @Test func aLeafThatDoesNotFitTheLayoutEndsTheWalkAfterTheEntriesBeforeIt() throws {
        try makeTree()
        // The leaf that holds key 500,000 no longer holds its own page number.
        let (page, before) = try leaf(holding: 500_000)
        #expect(before > 0)
        let path = directory.path + "/data.mdb"
        var file = try Data(contentsOf: URL(fileURLWithPath: path))
        file[Int(page) * 4096] ^= 0xFF
        try file.write(to: URL(fileURLWithPath: path))
        let both = try fromBothWays(0)
        #expect(both.failed)
        #expect(both.given == before)
        #expect(both.leaves == Array(both.cursor.prefix(before)))
    }
}
