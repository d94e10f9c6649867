import TestSupport
import Testing

@testable import LMDB

/// `Transaction.unreachableKeys`: none in a sound tree; with a branch key raised past the first
/// key of the page to its right, that key, found both by reading the branch pages in the map
/// (`BranchPages`) and by walking the entries and looking up each leaf page's first and last key;
/// and `visitCheckingRoutes`, which reads every leaf whole, finds it too and gives every entry as a
/// cursor walk does.
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

    /// Every entry `visitCheckingRoutes` gives, in order, with the keys it finds misrouted.
    func visited() throws -> (entries: [[UInt8]], misrouted: [[UInt8]]?, walked: [[UInt8]]) {
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "rows")
        let region = env.mappedRegion()
        return try env.read { txn in
            var entries: [[UInt8]] = []
            let misrouted = txn.visitCheckingRoutes(named: "rows", region: region, limit: 20) { key, value in
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
}
