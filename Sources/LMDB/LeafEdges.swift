import FoundationEssentials
import Glibc

/// The first and last key of the leaf pages a walk through a cursor read whole, gathered as it
/// goes, so that the branch keys above those leaves can be checked later without reading the
/// leaves again (`Transaction.unreachableKeys(…knowing:)`). A walk is seen entry by entry
/// (`see`), each key where the cursor lends it, in the page it lies on: a new page begins where
/// a key lies on another page than the one before. The first page of a walk may have been
/// entered past its first key (a walk that starts at a key) and its last page left before its
/// last key (a walk that stops at one): neither is kept (`endWalk`), only the pages between, which
/// a cursor enters at their first key and leaves after their last.
public struct LeafEdges: Sendable {
    /// Where each page kept starts in the map.
    private var pages: [UInt] = []
    /// Where each page's first key starts in `keys`, and where its last key starts: page `i`'s
    /// first key is `keys[starts[2i]..<starts[2i+1]]`, its last `keys[starts[2i+1]..<starts[2i+2]]`.
    private var starts: [UInt32] = [0]
    private var keys: [UInt8] = []
    @usableFromInline let pageMask: UInt
    /// The page the walk is on, where its first key and its last key so far lie in the map (with
    /// their lengths), and whether the walk entered it at its first key.
    @usableFromInline var current: UInt = 0
    // Safe: the addresses of keys the walk's cursor lent, read only until the walk's next key or
    // `endWalk`, both within the walk, while its transaction is open.
    private var first: (address: UInt, count: Int) = (0, 0)
    @usableFromInline var last: (address: UInt, count: Int) = (0, 0)
    private var enteredAtStart = false

    /// Edges of pages of the system's page size (LMDB's, where `BranchPages` reads the map).
    public init() { pageMask = Self.systemPageMask }

    private static let systemPageMask = ~UInt(max(Int(sysconf(Int32(_SC_PAGESIZE))), 1) - 1)

    /// How many pages are kept.
    public var count: Int { pages.count }

    /// The walk's next key, lent by a cursor of the walk's transaction (valid until it ends).
    // Inlinable: verify's replay sees every event's key through it (LedgerStore, another module).
    @inlinable
    public mutating func see(_ key: UnsafeRawBufferPointer) {
        let address = UInt(bitPattern: key.baseAddress)
        if address & pageMask == current {
            last = (address, key.count)
        } else {
            enter(address & pageMask, (address, key.count))
        }
    }

    /// Keeps the page the walk leaves (when it entered it at its first key) and enters `page` at `key`.
    @usableFromInline
    mutating func enter(_ page: UInt, _ key: (address: UInt, count: Int)) {
        if enteredAtStart { keep() }
        // A walk's first page (none before it) may have been entered past its first key.
        enteredAtStart = current != 0
        current = page
        first = key
        last = key
    }

    // Safe: see `first`: both keys lie on the page the walk is leaving, in its transaction's map.
    private mutating func keep() {
        pages.append(current)
        copy(first)
        copy(last)
    }

    private mutating func copy(_ key: (address: UInt, count: Int)) {
        keys.append(contentsOf: UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: key.address), count: key.count))
        starts.append(UInt32(truncatingIfNeeded: keys.count))
    }

    /// Ends a walk: the page it is on is not kept (it may have stopped before its last key).
    public mutating func endWalk() {
        current = 0
        enteredAtStart = false
        first = (0, 0)
        last = (0, 0)
    }

    /// Adds the pages `other` kept (another walk's, of the same map).
    public mutating func append(_ other: LeafEdges) {
        let offset = UInt32(truncatingIfNeeded: keys.count)
        pages += other.pages
        keys += other.keys
        starts += other.starts.dropFirst().lazy.map { $0 &+ offset }
    }

    /// Runs `body` with the edges of the pages kept, found by page number in a map of `pageCount`
    /// pages that starts at `base` (pages outside it, and a page kept twice, are left out).
    func withIndex<R>(base: UnsafeRawPointer, pageSize: Int, pageCount: Int, _ body: (Index) -> R) -> R {
        // Keys past 4 GiB would not fit the offsets: none is known then.
        guard keys.count < Int(UInt32.max) else { return body(Index.none) }
        var slots = [Int32](repeating: -1, count: pages.isEmpty ? 0 : pageCount)
        let start = UInt(bitPattern: base)
        for (position, address) in pages.enumerated() where address >= start {
            let page = Int((address - start) / UInt(pageSize))
            guard page < pageCount, position < Int(Int32.max) else { continue }
            slots[page] = slots[page] == -1 ? Int32(position) : -2
        }
        return keys.withUnsafeBytes { keys in body(Index(slots: slots, keys: keys, starts: starts)) }
    }

    /// The edges kept, by page number.
    struct Index {
        /// An index of no page.
        static var none: Index { Index(slots: [], keys: UnsafeRawBufferPointer(start: nil, count: 0), starts: [0]) }

        let slots: [Int32]
        // Safe: the bytes of `LeafEdges.keys`, lent by `withIndex` only while its body runs.
        let keys: UnsafeRawBufferPointer
        let starts: [UInt32]

        /// The first and last key of page `page`, if they were kept (borrowed while the index lives).
        // Safe: `starts` holds offsets into `keys`, appended together, in order.
        func edges(ofPage page: Int) -> (first: UnsafeRawBufferPointer, last: UnsafeRawBufferPointer)? {
            guard page >= 0, page < slots.count, slots[page] >= 0 else { return nil }
            let position = Int(slots[page])
            let (from, middle, to) = (Int(starts[2 * position]), Int(starts[2 * position + 1]), Int(starts[2 * position + 2]))
            return (
                UnsafeRawBufferPointer(rebasing: keys[from..<middle]), UnsafeRawBufferPointer(rebasing: keys[middle..<to])
            )
        }
    }
}
