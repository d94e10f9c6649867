internal import CMemory
internal import CPrefetch
import Glibc
internal import LMDB
internal import LedgerDomain

/// One id dictionary of the store (orders, customers or skus) in memory, for the importer: every
/// id in an arena, each entry its length (1 byte), its dense number (4 bytes) and its bytes, one
/// after another in number order; and an open-addressing table (linear probing) of slots that
/// hold 24 bits of an id's hash above its entry's offset + 1. A lookup reads a slot and then the
/// entry it points to, which holds both the bytes to compare and the number (one cache miss
/// after the slot's, where a table of numbers pointing into a separate array of offsets took
/// two). A slot whose hash bits match is a candidate only; the id's bytes are compared in full.
///
/// Loaded from the store's `…_names` database (number → id, append-only) once, then kept up with
/// it: each chunk first drops the ids a chunk that did not commit defined (always the latest
/// numbers, the arena's end), then adds what other writers defined since.
///
/// Point-wise (an import small against the store, `LookupMode`), the table holds only the ids
/// the import defines, numbered from `base` on, when the store's `…_ids` maps every id of its
/// `…_names` (else it loads them all). An id not found in memory is looked up in `…_ids`, and
/// the number found is confirmed against `…_names`, so that the import's cost follows its
/// records, not the store's ids.
final class IdentifierTable {
    private static let maximumLoad = 0.7
    private static let offsetBits = 40
    private static let offsetMask: UInt64 = (1 << 40) - 1
    /// An entry's length and number before its bytes.
    private static let headerSize = HeldIDEntries.headerSize
    /// Ids loaded between two looks at the pages mapped (a power of two).
    private static let budgetInterval = 8_192

    /// The database of this kind's ids by number.
    private let names: LedgerTransaction.Table
    /// The database of this kind's numbers by id, looked up point-wise; `nil`: the table loads every id.
    private let ids: LedgerTransaction.Table?
    /// The first number held in memory: the lower ones are looked up in `ids` (0 unless point-wise).
    private(set) var base = 0
    /// The snapshot of the chunk in progress, for point-wise lookups.
    @exclusivity(unchecked) private var ledger: LedgerTransaction?
    // Exclusivity unchecked on what each record touches: one thread applies records at a time, and
    // no access to a property is open while another starts (the runtime's checks showed in the
    // applying thread's profile on `hostile`).
    @exclusivity(unchecked) private var slots: UnsafeMutableBufferPointer<UInt64>
    @exclusivity(unchecked) private var arena: UnsafeMutableRawBufferPointer
    /// The arena's bytes in use.
    @exclusivity(unchecked) private var used = 0
    /// The number of ids known.
    @exclusivity(unchecked) private(set) var count = 0
    /// How many ids the chunk in progress defined (the latest numbers), and where the first of them starts.
    @exclusivity(unchecked) private var defined = 0
    @exclusivity(unchecked) private var definedFrom = 0

    /// The hash of an id's bytes (tests pass one that collides).
    private let hash: (UnsafeRawBufferPointer) -> UInt64

    /// `ids`: look the stored ids up there one by one instead of loading them all.
    init(
        names: LedgerTransaction.Table, ids: LedgerTransaction.Table? = nil,
        hash: @escaping (UnsafeRawBufferPointer) -> UInt64 = IdentifierHash.of
    ) {
        self.names = names
        self.ids = ids
        self.hash = hash
        slots = .allocate(capacity: 1 << 12)
        slots.initialize(repeating: 0)
        arena = .allocate(byteCount: 1 << 16, alignment: 8)
    }

    deinit {
        slots.deallocate()
        arena.deallocate()
    }

    /// Starts a chunk in `ledger`: forgets the ids of a chunk that did not commit and loads those
    /// that the store has and the table does not. The pages read are dropped from `region` once
    /// more than the import's budget is mapped (a resumed import loads every id committed: left
    /// mapped, the dictionaries' pages were a large part of its peak on `hostile`).
    /// Without `catchingUp` (a chunk prepared while an earlier one of the import is not committed),
    /// the table only reads `ledger` from then on.
    func begin(_ ledger: LedgerTransaction, releasing region: MappedRegion?, catchingUp: Bool = true) throws {
        self.ledger = ledger
        guard catchingUp else { return }
        if defined > 0 {
            count -= defined
            used = definedFrom
            defined = 0
            rehash(capacity: slots.count)
        }
        let stored = try ledger.count(names)
        if stored < count {  // not the store this table was loaded from: start over
            count = 0
            used = 0
            base = 0
            rehash(capacity: 0)
        }
        if let ids, count == 0 {
            // `ids` maps the first of the numbers `names` holds (see `indexIDs`): every one once the
            // read model is at the log's head, as an import finds it. One that maps another count
            // lost or gained entries, which no lookup in it may miss: every id is loaded instead.
            base = try ledger.count(ids) == stored ? stored : 0
            count = base
        }
        guard stored > count else { return }
        try ledger.forEachID(in: names, from: count) { id in
            try append(id)
            if count & (Self.budgetInterval - 1) == 0 { region?.releasePages(ifMappedOver: ChunkApplier.mappedBudget) }
            return count < stored
        }
        guard count == stored else { throw StoreError.corrupt("the id dictionary has \(count) ids, not \(stored)") }
        rehash(capacity: slots.count)
    }

    /// The chunk committed: its ids stay.
    func committed() { defined = 0 }

    /// The number of `id`, whose hash (the table's function's) is `hash`, if the store or the
    /// import named it: from memory, or else, point-wise, from the store.
    // Inlined into the applying thread's lookups as `number(of:hash:)` was; the store's path stays apart.
    @inline(__always)
    func find(_ id: UnsafeRawBufferPointer, hash: UInt64) throws -> UInt32? {
        if let number = number(of: id, hash: hash) { return number }
        return base > 0 ? try findStored(id) : nil
    }

    /// The number `…_ids` maps `id` to, below `base`, confirmed in `…_names`.
    @inline(never)
    private func findStored(_ id: UnsafeRawBufferPointer) throws -> UInt32? {
        guard let ids, let ledger else { return nil }
        guard let value = try ledger.value(ids, id) else { return nil }
        let number = try LedgerTransaction.denseNumber(value)
        // A damaged `…_ids` must not give an id another's number: the number is checked against `…_names`.
        guard Int(number) < base, let named = try ledger.value(names, BigEndianKey32(number)), named.hasSameBytes(as: id)
        else {
            throw StoreError.corrupt("an id dictionary maps an id to number \(number), which names another id")
        }
        return number
    }

    /// The number of `id` as `find(_:hash:)` gives it.
    func find(_ id: String) throws -> UInt32? {
        try id.withUTF8Bytes { try find($0, hash: self.hash($0)) }
    }

    /// Forgets every id and frees the memory they took (the import's last chunk is prepared); a
    /// later chunk would load them from the store again.
    func release() { handOver().deallocate() }

    /// Forgets every id, as `release` does, and hands over the entries that held them (the ids
    /// from `base` on, in number order) instead of freeing them.
    func handOver() -> HeldIDEntries {
        let held = HeldIDEntries(arena: arena, used: used, base: base, end: count)
        slots.deallocate()
        slots = .allocate(capacity: 1 << 12)
        slots.initialize(repeating: 0)
        arena = .allocate(byteCount: 1 << 16, alignment: 8)
        count = 0
        used = 0
        base = 0
        defined = 0
        definedFrom = 0
        ledger = nil
        return held
    }

    /// The number of `id`, if it is known.
    func number(of id: String) -> UInt32? {
        id.withUTF8Bytes { number(of: $0, hash: self.hash($0)) }
    }

    /// The number of `id`, whose hash (the table's function's) is `hash`, if it is known.
    func number(of id: UnsafeRawBufferPointer, hash: UInt64) -> UInt32? {
        let tag = hash >> Self.offsetBits
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            if slots[slot] >> Self.offsetBits == tag {
                let entry = Int(slots[slot] & Self.offsetMask) - 1
                if Int(arena[entry]) == id.count,
                    memcmp(arena.baseAddress! + entry + Self.headerSize, id.baseAddress!, id.count) == 0
                {
                    return arena.loadUnaligned(fromByteOffset: entry + 1, as: UInt32.self)
                }
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Starts bringing in the slot where a lookup of an id hashing to `hash` begins (a hint, see
    /// `ImportPrefetch`).
    func prefetchSlot(hash: UInt64) {
        cprefetch_for_read(slots.baseAddress! + (Int(truncatingIfNeeded: hash) & (slots.count - 1)))
    }

    /// Starts bringing in the entry of the first slot whose hash bits match `hash`, for an id of
    /// `count` bytes: where a lookup compares the id's bytes and reads its number. Reads the slots,
    /// which `prefetchSlot` asked for earlier.
    func prefetchEntry(hash: UInt64, count: Int) {
        guard let entry = candidate(hash: hash) else { return }
        // Safe: a prefetch only hints the cache, whatever the address.
        cprefetch_for_read(arena.baseAddress! + entry)
        cprefetch_for_read(arena.baseAddress! + entry + Self.headerSize + count - 1)
    }

    /// The number in the entry of the first slot whose hash bits match `hash`, without comparing
    /// the id: a guess, for prefetching only (read once `prefetchEntry` brought the entry in).
    func guessNumber(hash: UInt64) -> UInt32? {
        candidate(hash: hash).map { arena.loadUnaligned(fromByteOffset: $0 + 1, as: UInt32.self) }
    }

    /// Where the entry of the first of a few slots from `hash`'s whose hash bits match starts: a
    /// candidate whose id is not compared.
    private func candidate(hash: UInt64) -> Int? {
        let tag = hash >> Self.offsetBits
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0..<4 {
            let value = slots[slot]
            if value == 0 { return nil }
            if value >> Self.offsetBits == tag { return Int(value & Self.offsetMask) - 1 }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Gives `id` (known to be new) the next number.
    func define(_ id: String) throws -> UInt32 {
        try id.withUTF8Bytes { try define($0, hash: self.hash($0)) }
    }

    /// Gives `id` (known to be new), whose hash (the table's function's) is `hash`, the next number.
    func define(_ id: UnsafeRawBufferPointer, hash: UInt64) throws -> UInt32 {
        guard count < Int(UInt32.max) - 1 else { throw StoreError.corrupt("an id dictionary is full") }
        if Double(count - base + 1) > Double(slots.count) * Self.maximumLoad { rehash(capacity: slots.count * 2) }
        if defined == 0 { definedFrom = used }
        let number = UInt32(count)
        insert(try append(id), hash: hash)
        defined += 1
        return number
    }

    /// Appends an entry for `id` as the next number; returns where it starts.
    @discardableResult
    private func append(_ id: UnsafeRawBufferPointer) throws -> Int {
        guard LedgerLimits.identifierLength.contains(id.count) else {
            throw StoreError.corrupt("id number \(count) of an id dictionary is \(id.count) bytes long")
        }
        let entry = used
        let end = entry + Self.headerSize + id.count
        guard end < Int(Self.offsetMask) else { throw StoreError.corrupt("an id dictionary is full") }
        if end > arena.count {
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: max(end, arena.count * 2), alignment: 8)
            if ids == nil { cmemory_advise_huge_pages(larger.baseAddress, larger.count) }
            larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: arena[..<used]))
            arena.deallocate()
            arena = larger
        }
        arena[entry] = UInt8(id.count)
        arena.storeBytes(of: UInt32(count), toByteOffset: entry + 1, as: UInt32.self)
        UnsafeMutableRawBufferPointer(rebasing: arena[(entry + Self.headerSize)..<end]).copyMemory(from: id)
        used = end
        count += 1
        return entry
    }

    /// Fills a table of at least `capacity` slots, room to spare, with every id held (latest last).
    private func rehash(capacity: Int) {
        var size = max(capacity, 1 << 12)
        while Double(count - base + 1) > Double(size) * Self.maximumLoad { size *= 2 }
        if slots.count != size {
            slots.deallocate()
            slots = .allocate(capacity: size)
            // Slots and entries are read at random, by hash: huge pages spare most TLB misses (a
            // point-wise table is small, and each huge page touched would be zeroed whole).
            if ids == nil { cmemory_advise_huge_pages(slots.baseAddress, size * MemoryLayout<UInt64>.stride) }
        }
        slots.update(repeating: 0)
        var entry = 0
        while entry < used {
            insert(entry)
            entry += Self.headerSize + Int(arena[entry])
        }
    }

    /// Puts the entry at `entry` into its slot.
    private func insert(_ entry: Int) {
        let id = UnsafeRawBufferPointer(
            rebasing: arena[(entry + Self.headerSize)..<(entry + Self.headerSize + Int(arena[entry]))])
        insert(entry, hash: hash(id))
    }

    /// Puts the entry at `entry`, whose id hashes to `hash`, into its slot.
    private func insert(_ entry: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = (hash >> Self.offsetBits) << Self.offsetBits | UInt64(entry + 1)
    }
}
