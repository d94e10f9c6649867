/// A walk through a database's entries in key order that reads its leaf pages in the map, in the
/// order `LeafPages` lists them, where an LMDB cursor would be stepped entry by entry: `seek`
/// descends from the root as LMDB does (the same binary searches, so it lands on the same entry),
/// and `next` moves along the leaf, then to the next leaf listed. A value on pages of its own is
/// read there. A page or node that does not fit the layout (`BranchPages`) ends the walk with
/// `failed` set: the caller goes on through an LMDB cursor, from the entry after the `given` ones.
public struct LeafCursor {
    public typealias Entry = Cursor.Entry

    private let pages: LeafPages
    /// The leaf the walk is on (its place in `pages.leaves`), where its page starts, the end of
    /// its slots, and the slot of the entry given last.
    private var place = 0
    private var start: UnsafeRawPointer?
    private var lower = 0
    private var slot = 0
    /// How many entries the walk gave.
    public private(set) var given = 0
    /// Whether the walk stopped at a page or node that does not fit the layout.
    public private(set) var failed = false

    /// A walk of the leaves `pages` lists (call `seek` first).
    public init(_ pages: LeafPages) { self.pages = pages }

    private var tree: BranchPages { pages.tree }

    /// The first entry whose key is at least `key` (LMDB's `MDB_SET_RANGE`), or `nil` when there
    /// is none or the walk failed.
    // Safe: every page read is checked by `BranchPages.header`, every node and key by `node` and
    // `key`, before it is read.
    public mutating func seek(atLeast key: some LMDBBytes) -> Entry? {
        key.withLMDBBytes { key in
            var page = tree.root
            for _ in 1..<max(tree.depth, 1) {
                guard let (start, lower, flags) = tree.header(of: page), flags & BranchPages.branchFlag != 0,
                    lower > BranchPages.headerSize, let (index, order) = search(key, in: start, lower: lower, from: 1)
                else { return fail() }
                // As LMDB: the last node whose key is at most `key` (the first node's key is not read).
                guard
                    let node = tree.node(
                        in: start, slot: BranchPages.headerSize + 2 * (order < 0 ? index - 1 : index), lower: lower)
                else { return fail() }
                page = BranchPages.child(start, node)
            }
            guard let place = pages.place(of: page), enter(place) else { return fail() }
            guard let (index, order) = search(key, in: start!, lower: lower, from: 0) else { return fail() }
            // The first entry whose key is at least `key`: past the leaf's last one, the next leaf's first.
            slot = BranchPages.headerSize + 2 * (order > 0 ? index + 1 : index)
            return slot < lower ? entry() : nextLeaf()
        }
    }

    /// The entry after the last one given, or `nil` at the end or when the walk failed.
    public mutating func next() -> Entry? {
        guard start != nil, !failed else { return nil }
        slot += 2
        return slot < lower ? entry() : nextLeaf()
    }

    /// LMDB's binary search of a page's nodes (`mdb_node_search`) from index `low`: the index it
    /// stops at and how `key` compares with that node's key; `nil` when a node does not fit.
    // Safe: as `seek`.
    private func search(_ key: UnsafeRawBufferPointer, in start: UnsafeRawPointer, lower: Int, from low: Int) -> (
        index: Int, order: Int
    )? {
        var low = low
        var high = (lower - BranchPages.headerSize) / 2 - 1
        var index = 0
        var order = 0
        while low <= high {
            index = (low + high) >> 1
            guard let node = tree.node(in: start, slot: BranchPages.headerSize + 2 * index, lower: lower),
                let nodeKey = tree.key(start, node)
            else { return nil }
            order = BranchPages.compare(key, nodeKey)
            if order == 0 { break }
            if order > 0 { low = index + 1 } else { high = index - 1 }
        }
        return (index, order)
    }

    /// Enters the leaf at `place`; `false` when it does not fit the layout or holds no entry.
    private mutating func enter(_ place: Int) -> Bool {
        guard let (start, lower, flags) = tree.header(of: pages.leaves[place]), flags & BranchPages.leafFlag != 0,
            lower > BranchPages.headerSize
        else { return false }
        self.place = place
        self.start = start
        self.lower = lower
        // The next leaf comes into the cache while this one is read.
        if place + 1 < pages.leaves.count { tree.prefetch(page: pages.leaves[place + 1]) }
        return true
    }

    /// The first entry of the next leaf, or `nil` after the last leaf or when it does not fit.
    private mutating func nextLeaf() -> Entry? {
        guard place + 1 < pages.leaves.count else {
            start = nil
            return nil
        }
        guard enter(place + 1) else { return fail() }
        slot = BranchPages.headerSize
        return entry()
    }

    /// The flag of a leaf node whose value lies on pages of its own (`F_BIGDATA`; a node with any
    /// other flag, a database of its own or duplicates, is left to LMDB), and that of those pages.
    private static let bigData: UInt16 = 0x01
    private static let overflowFlag: UInt16 = 0x04

    /// The entry at `slot` of the leaf the walk is on.
    // Safe: the node, its key and its value (in the node, or on the overflow pages it names, each
    // checked to lie in the map and to hold its own number) are lent only once they are known to
    // lie inside their pages.
    private mutating func entry() -> Entry? {
        guard let start, let node = tree.node(in: start, slot: slot, lower: lower), let key = tree.key(start, node) else {
            return fail()
        }
        let flags = start.load(fromByteOffset: node + 4, as: UInt16.self)
        let size =
            Int(start.load(fromByteOffset: node, as: UInt16.self)) | Int(start.load(fromByteOffset: node + 2, as: UInt16.self))
            << 16
        let data = node + 8 + key.count
        var value: UnsafeRawBufferPointer
        if flags == 0 {
            guard data + size <= tree.pageSize else { return fail() }
            value = UnsafeRawBufferPointer(start: start + data, count: size)
        } else {
            guard flags == Self.bigData, data + 8 <= tree.pageSize else { return fail() }
            let first = Int(truncatingIfNeeded: start.loadUnaligned(fromByteOffset: data, as: UInt64.self))
            guard first >= 2, first < tree.pages else { return fail() }
            let overflow = tree.base + first * tree.pageSize
            let count = Int(overflow.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            guard overflow.load(as: UInt64.self) == UInt64(first),
                overflow.loadUnaligned(fromByteOffset: 10, as: UInt16.self) & Self.overflowFlag != 0,
                count <= tree.pages - first, BranchPages.headerSize + size <= count * tree.pageSize
            else { return fail() }
            value = UnsafeRawBufferPointer(start: overflow + BranchPages.headerSize, count: size)
        }
        given += 1
        return (key, value)
    }

    private mutating func fail() -> Entry? {
        failed = true
        start = nil
        return nil
    }
}
