public import BatchGenerator
import LMDB

/// One entry of a store damaged on purpose, chosen by a seed: a database of the store (any that
/// holds entries), one of its entries, and one change — to its value (4 bytes set to `ff`, the
/// value cut short, or a few bits flipped), the entry lost, an entry added beside it, or a key
/// on a branch page changed so that lookups miss an entry that a walk still finds
/// (`BranchKeyDamage`). For the damaged-store fuzzers (the test suite's seeded one and
/// `tools/damage-fuzz.sh`).
public struct StoreDamage: CustomStringConvertible, Sendable {
    public enum Change: Sendable {
        /// Up to 4 bytes from `offset` set to `ff` (appended when the value is empty).
        case ones(offset: Int)
        /// The value cut to `length` bytes.
        case cut(length: Int)
        /// These bits (byte × 8 + bit) flipped.
        case flips([Int])
        /// The entry deleted.
        case lost
        /// A copy of the entry added under this key.
        case added([UInt8])
        /// A branch key changed: a lookup of the entry's key goes down the wrong branch.
        case branchKey
    }

    public let database: String
    /// The entry's position in key order.
    public let entry: Int
    public let key: [UInt8]
    public let change: Change

    public var description: String {
        let what: String
        switch change {
        case .ones(let offset): what = "4 bytes at \(offset) set to ff"
        case .cut(let length): what = "cut to \(length) bytes"
        case .flips(let bits): what = "bits \(bits.map(String.init).joined(separator: ",")) flipped"
        case .lost: what = "lost"
        case .added(let key): what = "copied under key \(key.map { String($0, radix: 16) }.joined(separator: " "))"
        case .branchKey: what = "misrouted by a branch key"
        }
        return "\(database) entry \(entry) (key \(key.map { String($0, radix: 16) }.joined(separator: " "))): \(what)"
    }

    /// Changes one value of the store in `directory`, as `seed` chooses, in one write transaction.
    public static func apply(seed: UInt64, to directory: String) throws -> StoreDamage {
        var random = SplitMix64(seed: seed)
        let environment = try Environment(directory: directory)
        let names = try environment.mainDatabaseKeys().map { String(decoding: $0, as: UTF8.self) }.sorted()
        var filled: [(name: String, database: Database, count: Int)] = []
        for name in names {
            let database = try environment.openDatabase(named: name)
            let count = try environment.read { try $0.count(database) }
            if count > 0 { filled.append((name, database, count)) }
        }
        let chosen = filled[Int(random.next() % UInt64(filled.count))]
        let entry = Int(random.next() % UInt64(chosen.count))
        switch random.next() % 8 {
        case 5:
            return try environment.write { txn in
                let key = try txn.withCursor(chosen.database) { Array($0.entries().dropFirst(entry).first { _ in true }!.key) }
                _ = try txn.delete(chosen.database, key)
                return StoreDamage(database: chosen.name, entry: entry, key: key, change: .lost)
            }
        case 6:
            return try environment.write { txn in
                let (key, value) = try txn.withCursor(chosen.database) { cursor in
                    let found = cursor.entries().dropFirst(entry).first { _ in true }!
                    return (Array(found.key), Array(found.value))
                }
                var added = key.isEmpty ? [0] : key
                for _ in 0..<8 where try txn.get(chosen.database, added) != nil {
                    let bit = Int(random.next() % UInt64(added.count * 8))
                    added[bit / 8] ^= 1 << UInt8(bit % 8)
                }
                try txn.put(chosen.database, added, value)
                return StoreDamage(database: chosen.name, entry: entry, key: key, change: .added(added))
            }
        case 7:
            // The first database, from the one chosen on, that has a branch page; no other
            // transaction of this process may be open while the data file is written.
            for offset in filled.indices {
                let name = filled[(filled.firstIndex { $0.name == chosen.name }! + offset) % filled.count].name
                if let damage = try BranchKeyDamage.apply(database: name, choice: random.next(), to: directory) {
                    return StoreDamage(database: name, entry: 0, key: damage.key, change: .branchKey)
                }
            }
        default: break
        }
        return try environment.write { txn in
            let (key, value) = try txn.withCursor(chosen.database) { cursor in
                var entries = cursor.entries().dropFirst(entry).makeIterator()
                let found = entries.next()!
                return (Array(found.key), Array(found.value))
            }
            var changed = value
            let change = Self.change(&changed, &random)
            try txn.put(chosen.database, key, changed)
            return StoreDamage(database: chosen.name, entry: entry, key: key, change: change)
        }
    }

    private static func change(_ value: inout [UInt8], _ random: inout SplitMix64) -> Change {
        switch value.isEmpty ? 0 : random.next() % 3 {
        case 0:
            let offset = value.count > 4 ? Int(random.next() % UInt64(value.count - 3)) : 0
            while value.count < offset + 4 { value.append(0) }
            for index in offset..<(offset + 4) { value[index] = 0xFF }
            return .ones(offset: offset)
        case 1:
            let length = Int(random.next() % UInt64(value.count))
            value.removeLast(value.count - length)
            return .cut(length: length)
        default:
            let bits = (0...(random.next() % 3)).map { _ in Int(random.next() % UInt64(value.count * 8)) }
            for bit in bits { value[bit / 8] ^= 1 << UInt8(bit % 8) }
            return .flips(bits)
        }
    }
}
