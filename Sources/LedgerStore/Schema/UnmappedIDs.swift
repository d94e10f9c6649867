import Glibc
internal import LMDB

/// The ids of an `…_names` database from one number on (those its `…_ids` does not map yet, see
/// `LedgerTransaction.indexIDs`), copied out of the store and sorted in key order: the byte order
/// in which LMDB keeps `…_ids`.
struct UnmappedIDs {
    /// The number of the first id read.
    let first: Int
    /// The ids end to end, in number order; id `i` ends at `ends[i]`.
    private let bytes: [UInt8]
    private let ends: [UInt32]
    /// The ids' indexes in key order, each after its first eight bytes (in two halves: 12 bytes
    /// where a 64-bit prefix padded it to 16, held beside the dirty pages of a write-back).
    private let order: [(high: UInt32, low: UInt32, index: UInt32)]

    /// Ids read between two looks at the pages mapped (a power of two).
    private static let budgetInterval = 8_192

    /// Reads the ids of `names` numbered from `first` on in `ledger`, and sorts them. Held at the
    /// end of an import or a rebuild, beside what it writes: sized exactly (a first walk adds up
    /// their lengths; an array grown by doubling held up to twice the bytes), 12 bytes of order an id.
    /// The pages each walk reads are dropped from `region` once more than the import's budget is
    /// mapped: left mapped, the order ids of a large import's write-back add up to much of its peak.
    init(_ names: LedgerTransaction.Table, from first: Int, in ledger: LedgerTransaction, releasing region: MappedRegion?)
        throws
    {
        var total = 0
        var count = 0
        try ledger.forEachID(in: names, from: first) { id in
            total += id.count
            count += 1
            Self.keepMappedPagesWithinBudget(region, read: count)
            return true
        }
        guard total < Int(UInt32.max), count < Int(UInt32.max) else {
            throw StoreError.corrupt("the ids past number \(first) hold \(total) bytes, more than a store can name")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(total)
        var ends: [UInt32] = []
        ends.reserveCapacity(count)
        try ledger.forEachID(in: names, from: first) { id in
            // Both walks see the same ids (one transaction); the room stays exact whatever.
            guard ends.count < count else { return false }
            bytes.append(contentsOf: id)
            ends.append(UInt32(bytes.count))
            Self.keepMappedPagesWithinBudget(region, read: ends.count)
            return true
        }
        self.init(first: first, bytes: bytes, ends: ends)
    }

    /// The ids of `entries` numbered from `first` on, copied and sorted; `nil` when `entries` does
    /// not hold them all (`first` below its first number or past its last).
    init?(_ entries: HeldIDEntries, from first: Int) {
        guard (entries.base...entries.end).contains(first) else { return nil }
        var total = 0
        entries.forEachID(from: first) { total += $0.count }
        guard total < Int(UInt32.max) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(total)
        var ends: [UInt32] = []
        ends.reserveCapacity(entries.end - first)
        entries.forEachID(from: first) { id in
            bytes.append(contentsOf: id)
            ends.append(UInt32(bytes.count))
        }
        self.init(first: first, bytes: bytes, ends: ends)
    }

    /// The ids of `bytes`, numbered from `first` on, id `i` ending at `ends[i]`, sorted.
    private init(first: Int, bytes: [UInt8], ends: [UInt32]) {
        self.first = first
        order = bytes.withUnsafeBytes { raw in
            func id(_ index: UInt32) -> UnsafeRawBufferPointer {
                UnsafeRawBufferPointer(rebasing: raw[(index == 0 ? 0 : Int(ends[Int(index) - 1]))..<Int(ends[Int(index)])])
            }
            // Sorted by their first eight bytes, then, when those are the same, in full: compared
            // in full alone, the sort of ids 6–64 characters long took three fifths of the writes.
            var sorted = ends.indices.map { index in
                let prefix = Self.leadingBytes(of: id(UInt32(index)))
                return (high: UInt32(prefix >> 32), low: UInt32(truncatingIfNeeded: prefix), index: UInt32(index))
            }
            sorted.sort {
                ($0.high, $0.low) != ($1.high, $1.low)
                    ? ($0.high, $0.low) < ($1.high, $1.low) : Self.precedes(id($0.index), id($1.index))
            }
            return sorted
        }
        self.bytes = bytes
        self.ends = ends
    }

    /// Drops the pages of `region` when more than the import's budget is mapped, after every
    /// `budgetInterval` ids (`read`: how many a walk has read).
    private static func keepMappedPagesWithinBudget(_ region: MappedRegion?, read: Int) {
        if read & (budgetInterval - 1) == 0 { region?.releasePages(ifMappedOver: ChunkApplier.mappedBudget) }
    }

    /// How many ids were read.
    var count: Int { order.count }

    /// Calls `body` with the id at `position` in key order (borrowed) and its number.
    func withID<R>(at position: Int, _ body: (UnsafeRawBufferPointer, Int) throws -> R) rethrows -> R {
        let index = Int(order[position].index)
        return try bytes.withUnsafeBytes { raw in
            try body(
                UnsafeRawBufferPointer(rebasing: raw[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])]),
                first + index)
        }
    }

    /// Whether key `a` sorts before key `b` in an LMDB database of the default order (bytes
    /// compared as unsigned, a prefix first).
    static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
        return order != 0 ? order < 0 : a.count < b.count
    }

    /// The first eight bytes of `id` as a big-endian number (zeros past a shorter id's end): in
    /// the order of the ids' bytes, as far as it tells them apart (ids hold no zero byte).
    static func leadingBytes(of id: UnsafeRawBufferPointer) -> UInt64 {
        var value: UInt64 = 0
        var shift = 56
        for byte in id.prefix(8) {
            value |= UInt64(byte) << UInt64(shift)
            shift -= 8
        }
        return value
    }
}
