import Glibc

/// One id dictionary of the store (orders, customers or skus) in memory, for the importer: every
/// id's bytes by dense number, and an open-addressing table (linear probing) of slots that hold
/// 32 bits of an id's hash above its number + 1. A slot whose hash bits match is a candidate
/// only; the id's bytes are compared in full.
///
/// Loaded from the store's `…_names` database (number → id, append-only) once, then kept up with
/// it: each chunk first drops the ids a chunk that did not commit defined (always the latest
/// numbers), then adds what other writers defined since.
final class IdentifierTable {
    private static let maximumLoad = 0.7

    /// The database of this kind's ids by number.
    private let names: LedgerTransaction.Table
    private var slots = [UInt64](repeating: 0, count: 1 << 12)
    /// The bytes of every id: id `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    /// How many ids the chunk in progress defined (the latest numbers).
    private var defined = 0

    /// The hash of an id's bytes (tests pass one that collides).
    private let hash: (UnsafeRawBufferPointer) -> UInt64

    init(names: LedgerTransaction.Table, hash: @escaping (UnsafeRawBufferPointer) -> UInt64 = IdentifierHash.of) {
        self.names = names
        self.hash = hash
    }

    /// The number of ids known.
    var count: Int { starts.count - 1 }

    /// Starts a chunk in `ledger`: forgets the ids of a chunk that did not commit and loads those
    /// that the store has and the table does not.
    func begin(_ ledger: LedgerTransaction) throws {
        if defined > 0 {
            let kept = count - defined
            bytes.removeSubrange(starts[kept]...)
            starts.removeSubrange((kept + 1)...)
            defined = 0
            rehash(capacity: slots.count)
        }
        let stored = try ledger.count(names)
        if stored < count {  // not the store this table was loaded from: start over
            bytes = []
            starts = [0]
            rehash(capacity: 0)
        }
        guard stored > count else { return }
        try ledger.forEachID(in: names, from: count) { id in
            bytes.append(contentsOf: id)
            starts.append(bytes.count)
            return count < stored
        }
        guard count == stored else { throw StoreError.corrupt("the id dictionary has \(count) ids, not \(stored)") }
        rehash(capacity: slots.count)
    }

    /// The chunk committed: its ids stay.
    func committed() { defined = 0 }

    /// The number of `id`, if it is known.
    func number(of id: String) -> UInt32? {
        var id = id
        return id.withUTF8 { utf8 in
            let id = UnsafeRawBufferPointer(utf8)
            let hash = self.hash(id)
            let tag = hash >> 32
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 {
                if slots[slot] >> 32 == tag {
                    let number = Int(slots[slot] & 0xFFFF_FFFF) - 1
                    let start = starts[number]
                    let matches =
                        starts[number + 1] - start == id.count
                        && (id.isEmpty
                            || bytes.withUnsafeBytes { memcmp($0.baseAddress! + start, id.baseAddress!, id.count) == 0 })
                    if matches { return UInt32(number) }
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Gives `id` (known to be new) the next number.
    func define(_ id: String) throws -> UInt32 {
        guard count < Int(UInt32.max) - 1 else { throw StoreError.corrupt("an id dictionary is full") }
        if Double(count + 1) > Double(slots.count) * Self.maximumLoad { rehash(capacity: slots.count * 2) }
        let number = count
        bytes.append(contentsOf: id.utf8)
        starts.append(bytes.count)
        insert(number)
        defined += 1
        return UInt32(number)
    }

    /// Fills a table of at least `capacity` slots, room to spare, with every id (latest last).
    private func rehash(capacity: Int) {
        var size = max(capacity, 1 << 12)
        while Double(count + 1) > Double(size) * Self.maximumLoad { size *= 2 }
        if slots.count == size {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else {
            slots = [UInt64](repeating: 0, count: size)
        }
        for number in 0..<count { insert(number) }
    }

    private func insert(_ number: Int) {
        let hash = bytes.withUnsafeBytes { all in
            self.hash(UnsafeRawBufferPointer(rebasing: all[starts[number]..<starts[number + 1]]))
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = (hash >> 32) << 32 | UInt64(number + 1)
    }
}
