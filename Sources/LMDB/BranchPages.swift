internal import CLMDB
internal import CPrefetch
import FoundationEssentials
import Glibc

/// The B-tree of one named database read page by page in the memory map (LMDB 0.9's page
/// layout), to check its branch keys without walking its entries: under each branch key, the
/// first key of the subtree to its right must not sort below it, and the last key of the subtree
/// to its left must sort below it; otherwise a lookup goes down the wrong branch. Each page is
/// read once, so the check costs a touch of every page, not a step over every entry; the pages
/// read are dropped from the map now and then, as a long walk does.
///
/// The layout read: a page starts with a 16-byte header (flags at 10, the end of its slots at
/// 12, the start of its nodes at 14), then a slot of 2 bytes per node giving the node's offset;
/// a node holds 6 bytes (a leaf's value size, or a branch's child page), its key's length at 6,
/// and its key from 8. A database's record in the main database holds its depth at 6 and its
/// root page at 40. Anything that does not fit that layout makes `init` or `check` give up
/// (`nil`): the caller falls back to lookups through LMDB itself. The edges of leaves that a walk
/// through a cursor read already (`LeafEdges`) are taken from it: those leaves are not read again.
// Safe: `base` is the start of the map of the transaction that found it, which neither moves nor
// shrinks while that transaction is open; every use of a `BranchPages` (a walk, a `LeafCursor`)
// happens while it is, on whichever thread.
struct BranchPages: @unchecked Sendable {
    private let region: MappedRegion
    // Safe: the start of the map of the transaction passed to `init`; a walk is used only while that
    // transaction is open, and its map neither moves nor shrinks meanwhile.
    let base: UnsafeRawPointer
    let pageSize: Int
    let pages: Int
    let root: Int
    let depth: Int

    private static let mainDatabase: MDB_dbi = 1
    static let headerSize = 16
    static let branchFlag: UInt16 = 0x01
    static let leafFlag: UInt16 = 0x02
    /// Flags of pages this reader does not know (overflow, meta, fixed-size duplicates, sub-pages).
    private static let otherFlags: UInt16 = 0x04 | 0x08 | 0x20 | 0x40
    /// How many pages are read between two looks at the map's pages mapped in the process, which
    /// are dropped once they are over `mappedBudget` (a fault maps the pages around the one read
    /// too, so the pages mapped add up faster than the pages read).
    private static let releaseInterval = 1 << 8
    /// The bytes of the data file's pages mapped in the process past which a walk drops them: each
    /// page is read once, so dropping them only past this maps few pages twice, where dropping them
    /// at every look would also drop the pages another thread is reading.
    static let mappedBudget = 48 << 20

    /// The tree of the database `name` as `transaction` (a read transaction) sees it; `region`:
    /// where the data file is mapped, whose pages are dropped now and then. `nil` when its record
    /// or its root does not fit the layout, the database is empty, or LMDB's pages are not the
    /// system's (then where the map starts is not known for sure).
    ///
    /// Where the map starts is found from the transaction's own map, not from `region` (another
    /// environment of this process may map the same file, and close it meanwhile): the database's
    /// record lies on a page of the main database, which starts at the record's address rounded
    /// down to the page size and holds its own number.
    // Safe: the record is borrowed from the transaction and read within its 48 bytes; the page it
    // lies on is in the transaction's map, whose pages are the system's, so rounding its address
    // down finds the page's start; the pages read lie below the last page the environment wrote,
    // in the map, which stays while the transaction is open.
    init?(_ transaction: Transaction, named name: String, region: MappedRegion) {
        var stat = MDB_stat()
        var info = MDB_envinfo()
        let env = mdb_txn_env(transaction.handle)
        guard mdb_env_stat(env, &stat) == 0, mdb_env_info(env, &info) == 0, stat.ms_psize >= 512,
            Int(stat.ms_psize) == Int(sysconf(Int32(_SC_PAGESIZE)))
        else { return nil }
        var key = MDB_val()
        var value = MDB_val()
        let found = name.withLMDBBytes { bytes in
            key = MDB_val(bytes: bytes)
            return mdb_get(transaction.handle, Self.mainDatabase, &key, &value) == 0
        }
        guard found, value.mv_size == 48, let record = UnsafeRawPointer(value.mv_data) else { return nil }
        pageSize = Int(stat.ms_psize)
        // The last page written may be past this map when another process grew the file since.
        pages = min(Int(info.me_last_pgno) + 1, info.me_mapsize / pageSize)
        let recordPage = UInt(bitPattern: record) & ~UInt(pageSize - 1)
        let recordNumber = UnsafeRawPointer(bitPattern: recordPage)!.load(as: UInt64.self)
        guard recordNumber >= 2, recordNumber < UInt64(pages), recordPage >= UInt(recordNumber) * UInt(pageSize),
            let base = UnsafeRawPointer(bitPattern: recordPage - UInt(recordNumber) * UInt(pageSize))
        else { return nil }
        self.region = region
        self.base = base
        depth = Int(record.loadUnaligned(fromByteOffset: 6, as: UInt16.self))
        let root = record.loadUnaligned(fromByteOffset: 40, as: UInt64.self)
        // A tree of fanout 2 or more is far less than 64 deep; a deeper record is damage.
        guard depth > 0, depth <= 64, root < UInt64(pages) else { return nil }
        self.root = Int(root)
    }

    /// The keys a lookup misses (at most `limit`), or `nil` when a page does not fit the layout.
    /// The leaves whose edges are `known` are not read; the others only for their first and last key.
    func misroutedKeys(limit: Int, knowing known: LeafEdges = LeafEdges()) -> [[UInt8]]? {
        var given = 0
        return known.withIndex(base: base, pageSize: pageSize, pageCount: pages) { index in
            walk(Walk(limit: limit, readsLeaves: false, known: index), given: &given) { _, _ in }
        }
    }

    /// The keys a lookup misses (at most `limit`), or `nil` when a page does not fit the layout;
    /// `visit` gets every entry in key order as its leaf is read whole, and `given` counts them
    /// (after a `nil`, those it saw are the first ones a walk through a cursor gives). An error
    /// `visit` throws ends the walk.
    func misroutedKeys(
        limit: Int, given: inout Int,
        visiting visit: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Void
    ) rethrows -> [[UInt8]]? {
        try walk(Walk(limit: limit, readsLeaves: true, known: .none), given: &given, visit)
    }

    private func walk(
        _ walk: Walk, given: inout Int, _ visit: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void
    ) rethrows -> [[UInt8]]? {
        var found: [[UInt8]] = []
        var read = 0
        guard try check(page: root, levels: depth, walk, into: &found, read: &read, given: &given, visit) != nil else {
            return nil
        }
        return found
    }

    /// What a check walks with: how many keys it lists at most, whether it reads each leaf whole
    /// (for its entries), and the leaves whose edges it need not read.
    private struct Walk {
        let limit: Int
        let readsLeaves: Bool
        let known: LeafEdges.Index
    }

    /// The first and last key under `page`, `levels` deep (1: a leaf), adding the keys that a
    /// branch key below it misroutes to `found`, counting the pages `read` and the entries
    /// `given` to `visit` (when the walk reads leaves whole); `nil` when a page does not fit the
    /// layout or more pages are read than the map holds. (The keys stay valid when the map's pages
    /// are dropped: a read maps them again.)
    // Safe: every page read lies inside the region (`nodes` checks the page number), and every
    // node and key inside its page (`nodes` and `key` check their offsets).
    private func check(
        page: Int, levels: Int, _ walk: Walk, into found: inout [[UInt8]], read: inout Int, given: inout Int,
        _ visit: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void
    ) rethrows -> (first: UnsafeRawBufferPointer, last: UnsafeRawBufferPointer)? {
        read += 1
        if read & (Self.releaseInterval - 1) == 0 { region.releasePages(ifMappedOver: Self.mappedBudget) }
        // A tree holds each page once: more reads than pages means a damaged page points back up.
        guard read <= pages, levels > 0 else { return nil }
        // A leaf's first and last keys are all the check needs of it: its other slots are not read,
        // nor the leaf itself when a walk kept them.
        if levels == 1 {
            if walk.readsLeaves { return try entries(ofLeaf: page, given: &given, visit) }
            return walk.known.edges(ofPage: page) ?? edges(ofLeaf: page)
        }
        guard let (start, nodes, flags) = self.nodes(of: page), !nodes.isEmpty, flags & Self.branchFlag != 0 else {
            return nil
        }
        var first: UnsafeRawBufferPointer?
        var previousLast: UnsafeRawBufferPointer?
        for (index, node) in nodes.enumerated() {
            let child = Self.child(start, node)
            // A leaf read whole is read while the next one comes into the cache.
            if levels == 2, walk.readsLeaves, index + 1 < nodes.count { prefetch(page: Self.child(start, nodes[index + 1])) }
            guard
                let edges = try check(
                    page: child, levels: levels - 1, walk, into: &found, read: &read, given: &given, visit)
            else {
                return nil
            }
            if index > 0 {
                guard let separator = key(start, node), let previousLast else { return nil }
                if found.count < walk.limit, Self.compare(edges.first, separator) < 0 { found.append(Array(edges.first)) }
                if found.count < walk.limit, Self.compare(previousLast, separator) >= 0 { found.append(Array(previousLast)) }
            }
            if first == nil { first = edges.first }
            previousLast = edges.last
        }
        guard let first, let previousLast else { return nil }
        return (first, previousLast)
    }

    /// The tree's leaf pages in key order, read from its branch pages alone (`LeafPages`); `nil`
    /// when a branch page does not fit the layout or more pages are read than the map holds.
    func leafPages() -> LeafPages? {
        var leaves: [Int] = []
        var read = 0
        func collect(_ page: Int, levels: Int) -> Bool {
            read += 1
            guard read <= pages, levels > 0 else { return false }
            if levels == 1 {
                leaves.append(page)
                return true
            }
            guard let (start, nodes, flags) = self.nodes(of: page), !nodes.isEmpty, flags & Self.branchFlag != 0 else {
                return false
            }
            return nodes.allSatisfy { collect(Self.child(start, $0), levels: levels - 1) }
        }
        guard collect(root, levels: depth) else { return nil }
        return LeafPages(self, leaves: leaves)
    }

    /// The page number in the branch node at `node` of the page at `start`.
    // Safe: `nodes` checked that the node's 8 bytes lie in the page.
    @inline(__always)
    static func child(_ start: UnsafeRawPointer, _ node: Int) -> Int {
        Int(start.load(fromByteOffset: node, as: UInt16.self))
            | Int(start.load(fromByteOffset: node + 2, as: UInt16.self)) << 16
            | Int(start.load(fromByteOffset: node + 4, as: UInt16.self)) << 32
    }

    /// Asks the CPU to bring every cache line of `page` in (a hint: a page outside the map, or not
    /// mapped now, is passed over).
    // Safe: the address is computed only for a page inside the map, and a prefetch never faults.
    func prefetch(page: Int) {
        guard page >= 2, page < pages else { return }
        let start = base + page * pageSize
        for line in stride(from: 0, to: pageSize, by: 64) { cprefetch_for_read(start + line) }
    }

    /// The first and last key of the leaf `page`, from its first and last slot; `nil` when it is
    /// not a leaf, holds no node, or those slots or keys do not fit in it.
    // Safe: as `nodes`: the page lies inside the map, the two slots before `lower` inside the
    // page, and each key is lent only once it is known to end inside it.
    private func edges(ofLeaf page: Int) -> (first: UnsafeRawBufferPointer, last: UnsafeRawBufferPointer)? {
        guard let (start, lower, flags) = header(of: page), flags & Self.leafFlag != 0, lower > Self.headerSize,
            let first = node(in: start, slot: Self.headerSize, lower: lower).flatMap({ key(start, $0) }),
            let last = node(in: start, slot: lower - 2, lower: lower).flatMap({ key(start, $0) })
        else { return nil }
        return (first, last)
    }

    /// Flags of a leaf node whose value is not in the node itself (an overflow page, a sub-database,
    /// duplicates).
    static let valueElsewhereFlags: UInt16 = 0x01 | 0x02 | 0x04

    /// Gives every entry of the leaf `page` to `visit`, in slot order, counting them in `given`,
    /// and returns its first and last key; `nil` when it is not a leaf, holds no node, or a node,
    /// its key or its value does not fit in it, or its value lies elsewhere (then it stops, its
    /// entries so far given).
    // Safe: as `edges`: each node lies after the slots inside the page, and its key and value are
    // lent only once they are known to end inside it.
    private func entries(
        ofLeaf page: Int, given: inout Int, _ visit: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void
    ) rethrows -> (first: UnsafeRawBufferPointer, last: UnsafeRawBufferPointer)? {
        guard let (start, lower, flags) = header(of: page), flags & Self.leafFlag != 0, lower > Self.headerSize else {
            return nil
        }
        var first: UnsafeRawBufferPointer?
        var last: UnsafeRawBufferPointer?
        for slot in stride(from: Self.headerSize, to: lower, by: 2) {
            guard let node = node(in: start, slot: slot, lower: lower), let key = key(start, node),
                start.load(fromByteOffset: node + 4, as: UInt16.self) & Self.valueElsewhereFlags == 0
            else { return nil }
            let size =
                Int(start.load(fromByteOffset: node, as: UInt16.self))
                | Int(start.load(fromByteOffset: node + 2, as: UInt16.self)) << 16
            let valueStart = node + 8 + key.count
            guard valueStart + size <= pageSize else { return nil }
            try visit(key, UnsafeRawBufferPointer(start: start + valueStart, count: size))
            given += 1
            if first == nil { first = key }
            last = key
        }
        guard let first, let last else { return nil }
        return (first, last)
    }

    /// Where `page` starts, the end of its slots and its flags; `nil` when it lies outside the map,
    /// does not hold its own number, is of a kind this reader does not know, or its slots do not fit in it.
    // Safe: the page lies inside the map (its number is below the environment's last page's).
    @inline(__always)
    func header(of page: Int) -> (start: UnsafeRawPointer, lower: Int, flags: UInt16)? {
        guard page >= 2, page < pages else { return nil }
        let start = base + page * pageSize
        // Each page holds its own number: one that does not is not the page sought.
        guard start.load(as: UInt64.self) == UInt64(page) else { return nil }
        let flags = start.loadUnaligned(fromByteOffset: 10, as: UInt16.self)
        let lower = Int(start.loadUnaligned(fromByteOffset: 12, as: UInt16.self))
        guard flags & Self.otherFlags == 0, lower >= Self.headerSize, lower <= pageSize, (lower - Self.headerSize) % 2 == 0
        else { return nil }
        return (start, lower, flags)
    }

    /// The node offset in the slot at `slot` of the page at `start`, whose slots end at `lower`;
    /// `nil` when the node's 8 bytes do not lie in the page after the slots.
    // Safe: the slot lies before `lower`, inside the page.
    @inline(__always)
    func node(in start: UnsafeRawPointer, slot: Int, lower: Int) -> Int? {
        let node = Int(start.loadUnaligned(fromByteOffset: slot, as: UInt16.self))
        return node >= lower && node + 8 <= pageSize && node % 2 == 0 ? node : nil
    }

    /// Where `page` starts, its nodes' offsets and its flags; `nil` when it lies outside the map
    /// or its slots do not fit in it.
    // Safe: the page lies inside the map (its number is below the environment's last page's), and each slot read lies
    // before `lower`, checked to be inside the page.
    func nodes(of page: Int) -> (UnsafeRawPointer, [Int], UInt16)? {
        guard let (start, lower, flags) = header(of: page) else { return nil }
        var nodes: [Int] = []
        nodes.reserveCapacity((lower - Self.headerSize) / 2)
        for slot in stride(from: Self.headerSize, to: lower, by: 2) {
            guard let node = node(in: start, slot: slot, lower: lower) else { return nil }
            nodes.append(node)
        }
        return (start, nodes, flags)
    }

    /// The key of the node at `node` in the page at `start`; `nil` when it runs past the page.
    // Safe: `nodes` checked that the node's 8 bytes lie in the page; the key is lent only once it
    // is known to end inside it too.
    @inline(__always)
    func key(_ start: UnsafeRawPointer, _ node: Int) -> UnsafeRawBufferPointer? {
        let length = Int(start.load(fromByteOffset: node + 6, as: UInt16.self))
        guard node + 8 + length <= pageSize else { return nil }
        return UnsafeRawBufferPointer(start: start + node + 8, count: length)
    }

    /// LMDB's default order of keys: bytes compared in turn, then the shorter key first.
    // Safe: `memcmp` reads `common` bytes, no more than either key holds, and only when both have some.
    static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        let common = min(left.count, right.count)
        if common > 0 {
            let order = memcmp(left.baseAddress!, right.baseAddress!, common)
            if order != 0 { return Int(order) }
        }
        return left.count - right.count
    }
}
