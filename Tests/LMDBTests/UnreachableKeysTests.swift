import TestSupport
import Testing

@testable import LMDB

/// `Transaction.unreachableKeys`: none in a sound tree; with a branch key raised past the first
/// key of the page to its right, that key, found both by reading the branch pages in the map
/// (`BranchPages`) and by walking the entries and looking up each leaf page's first and last key;
/// and `walkCheckingRoutes`, which reads every leaf whole, finds it too and gives every entry as a
/// cursor walk does; and so does a check that takes the leaves' first and last keys from walks
/// through a cursor that kept them (`LeafEdges`).
struct UnreachableKeysTests {
    let directory = TemporaryDirectory()

    func makeTree() throws {
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "rows")
        try env.write { txn in
            for number in 0..<20_000 { try txn.put(db, BigEndianKey32(UInt32(number)), [UInt8](repeating: 7, count: 24)) }
        }
    }

    /// The keys each way finds, with the environment opened afresh (no writer of this process open).
    func unreachable() throws -> (read: [[UInt8]]?, walked: [[UInt8]]) {
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "rows")
        let region = try #require(env.mappedRegion())
        return try env.read { txn in
            let tree = try #require(BranchPages(txn, named: "rows", region: region))
            return (tree.misroutedKeys(limit: 20), try txn.unreachableKeys(in: db, named: "rows", region: nil, limit: 20))
        }
    }

    @Test func aSoundTreeHasNoneAndAMisroutingBranchKeyIsFoundBothWays() throws {
        try makeTree()
        #expect(try unreachable() == ([], []))
        let damage = try #require(try BranchKeyDamage.apply(database: "rows", choice: 3, to: directory.path))
        let found = try unreachable()
        #expect(found.read == [damage.key])
        #expect(found.walked.contains(damage.key))
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "rows")
        let region = env.mappedRegion()
        #expect(try env.read { try $0.unreachableKeys(in: db, named: "rows", region: region, limit: 20) } == [damage.key])
        // The walk still finds every entry; the lookup misses the damaged one.
        #expect(try env.read { txn in try txn.withCursor(db) { $0.entries().reduce(0) { count, _ in count + 1 } } } == 20_000)
        #expect(try env.read { try $0.get(db, damage.key) } == nil)
    }

    /// Every entry `walkCheckingRoutes` gives, in order, with the keys it finds misrouted.
    func visited() throws -> (entries: [[UInt8]], misrouted: [[UInt8]], walked: [[UInt8]]) {
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "rows")
        let region = env.mappedRegion()
        return try env.read { txn in
            var entries: [[UInt8]] = []
            let misrouted = try txn.walkCheckingRoutes(db, named: "rows", region: region, limit: 20) { key, value in
                entries.append(Array(key) + Array(value))
            }
            let walked = try txn.withCursor(db) { $0.entries().map { Array($0.key) + Array($0.value) } }
            return (entries, misrouted, walked)
        }
    }

    @Test func aWalkThatReadsEveryLeafGivesEveryEntryInOrderAndFindsAMisroutingBranchKey() throws {
        try makeTree()
        let sound = try visited()
        #expect(sound.misrouted == [])
        #expect(sound.entries.count == 20_000)
        #expect(sound.entries == sound.walked)
        let damage = try #require(try BranchKeyDamage.apply(database: "rows", choice: 3, to: directory.path))
        let damaged = try visited()
        #expect(damaged.misrouted == [damage.key])
        #expect(damaged.entries == damaged.walked)
    }

    /// The misrouted keys found with the edges that walks through cursors kept (the whole tree in
    /// two walks, the second from a key inside a leaf), and how many leaves they kept.
    func foundWithKeptEdges() throws -> (misrouted: [[UInt8]], kept: Int) {
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "rows")
        let region = env.mappedRegion()
        return try env.read { txn in
            var edges = LeafEdges()
            try txn.withCursor(db) { cursor in
                for entry in cursor.entries() where BigEndianKey32.decode(entry.key) < 10_000 { edges.see(entry.key) }
            }
            edges.endWalk()
            var second = LeafEdges()
            try txn.withCursor(db) { cursor in
                for entry in cursor.entries(from: BigEndianKey32(10_000)) { second.see(entry.key) }
            }
            second.endWalk()
            edges.append(second)
            return (try txn.unreachableKeys(in: db, named: "rows", region: region, limit: 20, knowing: edges), edges.count)
        }
    }

    /// How many leaves the tree has: the pages its keys lie on.
    func leafCount() throws -> Int {
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "rows")
        return try env.read { txn in
            try txn.withCursor(db) { cursor in
                Set(cursor.entries().map { UInt(bitPattern: $0.key.baseAddress) / 4096 }).count
            }
        }
    }

    @Test func leavesWhoseEdgesAWalkKeptAreCheckedFromThemAndAMisroutingBranchKeyIsFound() throws {
        try makeTree()
        let leaves = try leafCount()
        let sound = try foundWithKeptEdges()
        #expect(sound.misrouted == [])
        // Each walk's first and last leaf are not kept (the two walks meet inside a leaf or between two).
        #expect(sound.kept >= leaves - 4 && sound.kept <= leaves - 3)
        let damage = try #require(try BranchKeyDamage.apply(database: "rows", choice: 3, to: directory.path))
        #expect(try foundWithKeptEdges().misrouted == [damage.key])
    }
}
