import Foundation
import LMDB

/// A key on an LMDB branch page of one database changed in the data file, below LMDB: a walk in
/// key order still sees every entry (it moves through the parents' slots), but a lookup of the
/// first key of the page after it goes down the branch before, where that key is not. For the
/// damaged-store tests and fuzzers. Reads LMDB's page layout (header of 16 bytes: flags at 10,
/// the end of the slots at 12; a node: 6 bytes of size or child page, its key's length, its key).
public struct BranchKeyDamage: CustomStringConvertible, Sendable {
    public let database: String
    /// The key whose lookup now fails.
    public let key: [UInt8]

    public var description: String {
        "\(database): a branch key changed so that key \(key.map { String(format: "%02x", $0) }.joined()) is misrouted"
    }

    private static let pageSize = 4096
    private static let branchFlag: UInt16 = 1
    private static let leafFlag: UInt16 = 2

    /// Damages a branch key of `database` in the store in `directory` (no process may have it
    /// open); `choice` picks which of its branch keys. `nil` when the database has no branch page.
    public static func apply(database: String, choice: UInt64, to directory: String) throws -> BranchKeyDamage? {
        let entries = Dictionary(
            try StoreFixture.entries(database: database, at: directory).map { ($0.key, $0.value) },
            uniquingKeysWith: { first, _ in first })
        let path = directory + "/data.mdb"
        var file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let pages = file.count / pageSize
        func u16(_ offset: Int) -> Int { Int(file[offset]) | Int(file[offset + 1]) << 8 }
        func slots(_ page: Int) -> [Int] {
            let base = page * pageSize
            let count = max(0, (u16(base + 12) - 16) / 2)
            return (0..<count).map { base + u16(base + 16 + 2 * $0) }
        }
        func key(at node: Int) -> [UInt8] { Array(file[(node + 8)..<(node + 8 + u16(node + 6))]) }
        func flags(_ page: Int) -> UInt16 { UInt16(u16(page * pageSize + 10)) }
        // A leaf of this database: its first entry is one of the database's, value and all.
        func isLeaf(_ page: Int) -> Bool {
            guard page > 1, page < pages, flags(page) & leafFlag != 0, let first = slots(page).first else { return false }
            let size = u16(first) | u16(first + 2) << 16
            let keyLength = u16(first + 6)
            guard first + 8 + keyLength + size <= (page + 1) * pageSize, u16(first + 4) == 0 else { return false }
            return entries[key(at: first)] == Array(file[(first + 8 + keyLength)..<(first + 8 + keyLength + size)])
        }
        func child(_ node: Int) -> Int { u16(node) | u16(node + 2) << 16 | u16(node + 4) << 32 }
        // Branches above this database's leaves, and in them each key (past the first, which
        // LMDB leaves empty) with the leaf it leads to.
        var candidates: [(node: Int, leaf: Int)] = []
        for page in 2..<pages where flags(page) & branchFlag != 0 {
            let nodes = slots(page)
            guard nodes.count > 1, nodes.allSatisfy({ isLeaf(child($0)) }) else { continue }
            candidates += nodes.dropFirst().map { ($0, child($0)) }
        }
        guard !candidates.isEmpty else { return nil }
        let (node, leaf) = candidates[Int(choice % UInt64(candidates.count))]
        let first = key(at: slots(leaf)[0])
        // The separator raised past the leaf's first key: that key now sorts below it.
        var raised = first
        var index = raised.count - 1
        while index >= 0 {
            if raised[index] < 0xFF {
                raised[index] += 1
                break
            }
            raised[index] = 0
            index -= 1
        }
        guard index >= 0, raised.count == u16(node + 6) else { return nil }
        // Every copy of that branch key in the file (older copies of the page are free pages),
        // compared with the key as it was: the first copy raised may be the chosen one.
        let separator = key(at: node)
        for (other, otherLeaf) in candidates where otherLeaf == leaf && key(at: other) == separator {
            file.replaceSubrange((other + 8)..<(other + 8 + raised.count), with: raised)
        }
        try Data(file).write(to: URL(fileURLWithPath: path))
        return BranchKeyDamage(database: database, key: first)
    }
}
