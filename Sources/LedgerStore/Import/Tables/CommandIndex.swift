internal import CMemory
internal import CPrefetch
internal import LMDB
internal import LedgerDomain

/// The command ids a store has accepted, found in memory: an open-addressing table (linear
/// probing) of slots that each hold 24 bits of an id's hash above the seq it was accepted at
/// (40 bits), 8 bytes per id. A slot whose hash bits match is only a candidate: the id stored at
/// its seq in `commands` is compared in full, so two ids with one hash never pass for each other.
/// The table has as many slots as its load needs, not a power of two (an id's first slot is its
/// hash's low 32 bits scaled to the table), so it takes no more memory than its load needs.
///
/// The table is loaded from `commands` when an import first meets a command id, and then only
/// catches up with what other writers appended. A chunk's claims enter it at once (the chunk's
/// later records see them) and leave it again when the chunk does not go on: a claim is undone
/// by emptying its slot, which is exact for the latest claims (nothing probed past them since).
/// The claims are kept with their ids (`copyClaims(after:into:)`) until the snapshot the table reads
/// holds them: the chunks that made them are written and committed behind it.
///
/// Point-wise (`LookupMode`), the store's commands up to the seq of the table the store keeps
/// (`StoredCommandSlots`) are looked up there, and only the later ones and the claims are held in
/// memory; a stored table that is damaged or does not add up is let go, and every id is loaded.
/// The import's last chunk brings the stored table up to date (`storedTableUpdate`).
final class CommandIndex {
    static let seqBits = 40
    static let seqMask: UInt64 = (1 << 40) - 1
    /// The table grows past this share of filled slots.
    private static let maximumLoad = 0.7

    // Exclusivity unchecked on what each record touches: one thread applies records at a time, and
    // no access to a property is open while another starts (the runtime's checks would run for
    // every record the applying thread applies).
    @exclusivity(unchecked) private var slots: [UInt64] = []
    @exclusivity(unchecked) private var count = 0
    /// The head seq at which the table holds exactly the store's commands, if it was loaded.
    private var validAt: UInt64?
    /// The head seq before the chunk in progress.
    private var chunkStart: UInt64 = 0
    /// The slots this chunk filled, in order.
    @exclusivity(unchecked) private var claimed: [Int] = []
    /// The claims that the snapshot read may not hold yet, in seq order.
    @exclusivity(unchecked) private var unwritten = CommandClaims()
    /// The head of the snapshot read: the commands up to it are in `commands`.
    private var visibleHead: UInt64 = 0
    @exclusivity(unchecked) private var ledger: LedgerTransaction?
    /// Where `ledger`'s pages are mapped: a load of the table drops them as they add up (a resumed
    /// import loads every command committed: left mapped, `commands` would add to its peak).
    private var region: MappedRegion?
    /// Ids read from the store since the pages were last looked at.
    @exclusivity(unchecked) private var loadedSinceLook = 0
    /// About how many claims the import will add: the first load makes room for them, so that
    /// the table need not grow (and read every id from the store again) as it fills.
    var expectedClaims = 0
    /// The most claims the import can add (0: not known): a table first loaded from a store far
    /// larger than the file makes room for all of them, so that a batch of short records does not
    /// outgrow an estimate made for longer ones and read every stored id twice.
    var claimsBound = 0
    /// The bytes of the file the import reads (0: not known), how far into it the chunk in
    /// progress starts, and where it started and how many ids the table held when the table was
    /// last made: a table that fills up grows to hold what the rest of the file brings at the
    /// rate of the claims since, not simply to twice its size (a resumed import whose last records
    /// are shorter than its first outgrows its estimate, and doubling would overshoot).
    var fileSize: UInt64 = 0
    private var read: UInt64 = 0
    private var readWhenMade: UInt64 = 0
    private var countWhenMade = 0
    /// The hash of an id's bytes (tests pass one that collides), and the seed of `IdentifierHash`
    /// it is (`nil`: another function, whose table is not kept in the store).
    private let hash: (UnsafeRawBufferPointer) -> UInt64
    private let seed: UInt64?
    /// Whether the store's table may be used (`LookupMode.pointwise`), and the table while it is.
    private let lookups: LookupMode
    private var stored: StoredCommandSlots?
    /// The store's table was found unusable: the ids are loaded from `commands`.
    private var storedRefused = false

    /// `lookups`: point-wise, the store's commands are looked up in the table it keeps.
    init(lookups: LookupMode = .loaded) {
        hash = IdentifierHash.of
        seed = IdentifierHash.seed
        self.lookups = lookups
    }

    init(hash: @escaping (UnsafeRawBufferPointer) -> UInt64) {
        self.hash = hash
        seed = nil
        lookups = .loaded
    }

    /// Starts a chunk in `ledger`, a snapshot whose log ends at `visibleHead`, after the events
    /// up to `head` (this import's chunks between the two are not committed yet): the claims of a
    /// chunk that did not go on are undone. `region`: where `ledger` is mapped. `read`: the offset
    /// in the file where the chunk starts.
    func begin(
        _ ledger: LedgerTransaction, head: UInt64, visibleHead: UInt64? = nil, read: UInt64 = 0, releasing region: MappedRegion?
    ) {
        self.read = read
        for slot in claimed.reversed() { slots[slot] = 0 }
        count -= claimed.count
        claimed.removeAll(keepingCapacity: true)
        self.visibleHead = visibleHead ?? head
        unwritten.keep(after: self.visibleHead, through: head)
        chunkStart = head
        self.ledger = ledger
        self.region = region
    }

    /// How many slots the table has (0 until it is first loaded).
    var capacity: Int { slots.count }

    /// Appends to `claims` the claims made after `seq`, in seq order: what the chunk from
    /// `seq + 1` on writes to `commands`.
    func copyClaims(after seq: UInt64, into claims: inout CommandClaims) { claims.append(unwritten, after: seq) }

    /// Forgets every command id and frees the memory they took: the import's last chunk is
    /// prepared (its claims are in its `PreparedChunk`); a later claim would load them again.
    func release() {
        slots = []
        count = 0
        validAt = nil
        stored = nil
        claimed = []
        unwritten = CommandClaims()
    }

    /// What the import's last chunk does to the table the store keeps, once every claim is
    /// prepared: extend it (point-wise) or replace it with this table (which then holds every
    /// command id of the store); `nil` when the import met no command id (the stored table stays
    /// exact up to its seq, and the import added no command after it) or hashes with another function.
    func storedTableUpdate() -> CommandSlotsUpdate? {
        guard validAt != nil else { return nil }
        if stored != nil { return CommandSlotsUpdate(.extend) }
        guard let seed else { return nil }
        return CommandSlotsUpdate(.replace(slots: slots, seed: seed, count: count))
    }

    /// The chunk went on (it is committed, or handed to be written) and the log ends at `head`.
    func committed(head: UInt64) {
        if validAt == chunkStart { validAt = head }
        claimed.removeAll(keepingCapacity: true)
    }

    /// Claims `id` for the event at `seq` and records it in the store; `false` when a command
    /// with this id was accepted before (a duplicate).
    func claim(_ id: CommandID, seq: UInt64) throws -> Bool {
        try id.rawValue.withUTF8Bytes { try claim($0, hash: hash($0), seq: seq) }
    }

    /// Claims `id`, whose hash (the index's function's) is `hash`, as `claim(_:seq:)` does.
    func claim(_ id: UnsafeRawBufferPointer, hash: UInt64, seq: UInt64) throws -> Bool {
        guard let ledger else { preconditionFailure("a command id was claimed outside a chunk") }
        guard seq <= Self.seqMask else { throw StoreError.corrupt("seq \(seq) is beyond what the command index holds") }
        try catchUp(ledger)
        if Double(count + 1) > Double(slots.count) * Self.maximumLoad { try grow(ledger) }
        let tag = hash >> Self.seqBits
        var slot = Self.firstSlot(of: hash, among: slots.count)
        while slots[slot] != 0 {
            if slots[slot] >> Self.seqBits == tag, try isStored(id, at: slots[slot] & Self.seqMask, in: ledger) {
                return false
            }
            slot = Self.slot(after: slot, among: slots.count)
        }
        if let table = stored {
            do {
                if try table.contains(id, in: ledger) { return false }
            } catch is StoredCommandSlots.Unusable {
                try refuseStoredTable(ledger)
                return try claim(id, hash: hash, seq: seq)
            }
        }
        slots[slot] = tag << Self.seqBits | seq
        count += 1
        claimed.append(slot)
        unwritten.append(id, seq: seq)
        return true
    }

    /// Starts bringing in the slot where a claim of an id hashing to `hash` begins (a hint, see
    /// `ImportPrefetch`).
    func prefetchSlot(hash: UInt64) {
        slots.withUnsafeBufferPointer { slots in
            guard !slots.isEmpty else { return }
            cprefetch_for_read(slots.baseAddress! + Self.firstSlot(of: hash, among: slots.count))
        }
    }

    /// Gives back the latest claim (its record was rejected, which does not use the id up).
    func release(_ id: CommandID) throws {
        try id.rawValue.withUTF8Bytes { try release($0) }
    }

    /// Gives back the latest claim, of `id`.
    func release(_ id: UnsafeRawBufferPointer) throws {
        guard let slot = claimed.popLast(), let last = unwritten.seqs.last,
            unwritten.matches(unwritten.count - 1, id), slots[slot] & Self.seqMask == last
        else { preconditionFailure("released a command id never claimed") }
        unwritten.removeLast()
        slots[slot] = 0
        count -= 1
    }

    /// Whether the command accepted at `seq` has the id `id`.
    private func isStored(_ id: UnsafeRawBufferPointer, at seq: UInt64, in ledger: LedgerTransaction) throws -> Bool {
        if seq > visibleHead {
            guard let index = unwritten.lastIndex(of: seq) else {
                throw StoreError.corrupt("the command claimed at seq \(seq) is missing")
            }
            return unwritten.matches(index, id)
        }
        guard let stored = try ledger.commandID(at: seq) else {
            throw StoreError.corrupt("the command recorded at seq \(seq) is missing")
        }
        return id.hasSameBytes(as: stored)
    }

    /// Brings the table to the store's commands before this chunk: loads it the first time, then
    /// adds what other writers appended since (commands are only ever appended).
    private func catchUp(_ ledger: LedgerTransaction) throws {
        if validAt == chunkStart { return }
        try ledger.checkCommandCount()
        let stored = try ledger.count(\.commands) - (self.stored?.header.count ?? 0)
        if let loaded = validAt, loaded < chunkStart, chunkStart == visibleHead,
            Double(stored + 1) <= Double(slots.count) * Self.maximumLoad
        {
            try ledger.forEachCommand(in: loaded + 1...chunkStart) { seq, id in try load(id, seq: seq) }
        } else {
            try rebuild(ledger, capacity: slots.count)
        }
        validAt = chunkStart
    }

    /// More slots: room for the claims the rest of the file brings at the rate of those since the
    /// table was made (a fifth more allowed for), at least a quarter more slots and at most twice
    /// as many (twice when the rate is not known); every id is hashed again from the store (this
    /// chunk's claims too).
    private func grow(_ ledger: LedgerTransaction) throws {
        try rebuild(
            ledger,
            capacity: Self.grownSize(
                slots.count, count: count, since: (count - countWhenMade, read - min(read, readWhenMade)),
                left: fileSize - min(fileSize, read)))
    }

    /// The slots a table of `size` slots holding `count` ids grows to, `since.claims` of them
    /// claimed over `since.bytes` bytes of the file, `left` bytes of it to come.
    static func grownSize(_ size: Int, count: Int, since: (claims: Int, bytes: UInt64), left: UInt64) -> Int {
        guard since.claims > 0, since.bytes > 0, left > 0 else { return size * 2 }
        let coming = Double(since.claims) / Double(since.bytes) * Double(left) * 1.2
        let needed = Int(((Double(count) + coming) / maximumLoad).rounded(.up)) + 1
        return min(size * 2, max(needed, size + size / 4))
    }

    /// The claims a first load of `stored` ids makes room for: those `expected`, or up to `bound`
    /// (the most the file can bring) while that is at most an eighth of the ids stored, which the
    /// table holds anyway.
    static func firstRoom(expected: Int, bound: Int, stored: Int) -> Int {
        max(expected, min(bound, stored / 8))
    }

    /// Fills a table of at least `capacity` slots with every command in the store and every claim
    /// it does not hold yet, this chunk's claims last (so that undoing them stays exact).
    private func rebuild(_ ledger: LedgerTransaction, capacity: Int) throws {
        if validAt == nil, slots.isEmpty, lookups == .pointwise, !storedRefused {
            stored = try StoredCommandSlots.open(ledger).flatMap { $0.header.validAt <= visibleHead ? $0 : nil }
        }
        // Point-wise, the commands up to the stored table's seq are looked up there.
        let from = self.stored?.header.validAt ?? 0
        let inStore = try ledger.count(\.commands) - (self.stored?.header.count ?? 0)
        let stored = inStore + unwritten.count
        let room = slots.isEmpty ? Self.firstRoom(expected: expectedClaims, bound: claimsBound, stored: stored) : 0
        let size = max(capacity, 1 << 16, Int((Double(stored + room + 1) / Self.maximumLoad).rounded(.up)) + 1)
        // `firstSlot` scales 32 bits of the hash: at most 2^32 slots (3 billion command ids).
        guard size <= 1 << 32 else { throw StoreError.corrupt("\(stored) command ids are more than the command index holds") }
        // The old table goes first: the new one is filled from the store, and both at once would
        // be the import's peak.
        slots = []
        // Read at random, by hash: huge pages (asked for before the slots are zeroed) spare most TLB misses.
        slots = [UInt64](unsafeUninitializedCapacity: size) { buffer, initialized in
            cmemory_advise_huge_pages(buffer.baseAddress, size * MemoryLayout<UInt64>.stride)
            buffer.initialize(repeating: 0)
            initialized = size
        }
        count = 0
        claimed.removeAll(keepingCapacity: true)
        readWhenMade = read
        if visibleHead > from { try ledger.forEachCommand(in: from + 1...visibleHead) { seq, id in try load(id, seq: seq) } }
        // The stored table holds exactly the commands up to its seq, or it is not used.
        if self.stored != nil, count != inStore { return try refuseStoredTable(ledger) }
        for index in 0..<unwritten.count {
            let seq = unwritten.seqs[index]
            let slot = try unwritten.withID(index) { try insert($0, seq: seq) }
            if seq > chunkStart { claimed.append(slot) }
        }
        countWhenMade = count
    }

    /// Lets the store's table go (it failed a check or does not add up) and loads every id from
    /// `commands` instead, with room for the claims to come.
    private func refuseStoredTable(_ ledger: LedgerTransaction) throws {
        stored = nil
        storedRefused = true
        slots = []
        try rebuild(ledger, capacity: 0)
    }

    /// Puts a command read from the store into its slot; drops the map's pages every 8,192 such
    /// reads once more than the import's budget is mapped.
    private func load(_ id: UnsafeRawBufferPointer, seq: UInt64) throws {
        try insert(id, seq: seq)
        loadedSinceLook += 1
        guard loadedSinceLook == 8_192 else { return }
        loadedSinceLook = 0
        region?.releasePages(ifMappedOver: ChunkApplier.mappedBudget)
    }

    /// Puts a stored command into its slot; returns the slot.
    @discardableResult
    private func insert(_ id: UnsafeRawBufferPointer, seq: UInt64) throws -> Int {
        guard seq <= Self.seqMask else { throw StoreError.corrupt("seq \(seq) is beyond what the command index holds") }
        let hash = self.hash(id)
        var slot = Self.firstSlot(of: hash, among: slots.count)
        while slots[slot] != 0 { slot = Self.slot(after: slot, among: slots.count) }
        slots[slot] = (hash >> Self.seqBits) << Self.seqBits | seq
        count += 1
        return slot
    }

    /// Where the probe for an id hashing to `hash` starts in a table of `count` slots: the hash's
    /// low 32 bits scaled to the table (the slot's tag holds its top 24 bits).
    @inline(__always)
    static func firstSlot(of hash: UInt64, among count: Int) -> Int {
        Int(truncatingIfNeeded: ((hash & 0xFFFF_FFFF) &* UInt64(count)) >> 32)
    }

    /// The slot a probe visits after `slot`, in a table of `count` slots.
    @inline(__always)
    private static func slot(after slot: Int, among count: Int) -> Int { slot + 1 == count ? 0 : slot + 1 }
}
