internal import LMDB
internal import LedgerDomain

/// The import's command index (`CommandIndex`) kept in the store (`command_slots`, format 8), so
/// that an import small against the store finds a command id with a few page reads instead of
/// loading every id: the slots as in memory (24 bits of the id's hash under `header.seed` above
/// the seq it was accepted at), `slotsPerBlock` to an entry keyed by the block's number, each
/// block with a check salted with its number and the table's shape, and the header
/// (`CommandSlotsHeader`) under the greatest key.
///
/// It holds exactly the commands of `commands` up to `header.validAt`: an import brings it up to
/// the log's head in a commit of its own right after its last chunk's (an atomic import in its one
/// transaction; `CommandSlotsUpdate`), and an import killed before leaves it behind, which the
/// next import reads past in `commands`.
/// A match of hash bits is a candidate only: the id stored at its seq is compared in full. A block
/// or a header that fails its check, a count that does not add up, or a candidate that points
/// nowhere makes the reader load every id from `commands` instead (`Unusable`): the table never
/// decides alone that an id is new.
struct StoredCommandSlots {
    /// Slots per block: a block and its check fill one overflow page.
    static let slotsPerBlock = 509
    /// The share of slots filled past which the table is dropped and made again by the next import
    /// that loads every id (more than the import's table in memory allows: lookups here are few).
    static let maximumLoad = 0.8
    /// The key of the header.
    static let headerKey = BigEndianKey32(UInt32.max)

    let header: CommandSlotsHeader
    private let database: Database

    /// The table cannot be trusted: its reader loads the ids from `commands`.
    struct Unusable: Error {
        let reason: String
    }

    /// The table `ledger` keeps, if its header passes its check (`nil`: none, or an older store).
    static func open(_ ledger: LedgerTransaction) throws -> StoredCommandSlots? {
        guard let database = ledger.databases.commandSlots,
            let bytes = try ledger.txn.get(database, headerKey), let header = CommandSlotsHeader(decoding: bytes)
        else { return nil }
        return StoredCommandSlots(header: header, database: database)
    }

    /// How many blocks a table of `slots` slots has.
    static func blocks(of slots: Int) -> Int { (slots + slotsPerBlock - 1) / slotsPerBlock }

    /// How many slots block `block` of a table of `slots` slots holds.
    static func slots(inBlock block: Int, of slots: Int) -> Int { min(slotsPerBlock, slots - block * slotsPerBlock) }

    /// The salt of block `block`'s check in a table of this shape.
    static func salt(block: Int, header: CommandSlotsHeader) -> UInt64 {
        UInt64(block) &+ UInt64(header.slotCount) &* 0x9E37_79B9_7F4A_7C15 ^ header.seed
    }

    /// The slots of block `block`, borrowed from the map, after its check.
    func block(_ block: Int, in ledger: LedgerTransaction) throws -> UnsafeRawBufferPointer {
        let count = Self.slots(inBlock: block, of: header.slotCount)
        guard let bytes = try ledger.txn.get(database, BigEndianKey32(UInt32(block))) else {
            throw Unusable(reason: "block \(block) is missing")
        }
        guard bytes.count == count * 8 + 8 else { throw Unusable(reason: "block \(block) has \(bytes.count) bytes") }
        let slots = UnsafeRawBufferPointer(rebasing: bytes[..<(count * 8)])
        guard
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: count * 8, as: UInt64.self))
                == StoredCheck.of(slots, salt: Self.salt(block: block, header: header))
        else { throw Unusable(reason: "block \(block) fails its check") }
        return slots
    }

    /// Whether a command with the id `id` was accepted at a seq up to `header.validAt`: each slot
    /// on the id's probe whose hash bits match is confirmed against `commands`.
    func contains(_ id: UnsafeRawBufferPointer, in ledger: LedgerTransaction) throws -> Bool {
        let hash = IdentifierHash.of(id, seed: header.seed)
        let tag = hash >> CommandIndex.seqBits
        var slot = CommandIndex.firstSlot(of: hash, among: header.slotCount)
        var current = -1
        var slots = UnsafeRawBufferPointer(start: nil, count: 0)
        for _ in 0..<header.slotCount {
            let block = slot / Self.slotsPerBlock
            if block != current {
                slots = try self.block(block, in: ledger)
                current = block
            }
            let value = UInt64(
                littleEndian: slots.loadUnaligned(fromByteOffset: (slot % Self.slotsPerBlock) * 8, as: UInt64.self))
            if value == 0 { return false }
            if value >> CommandIndex.seqBits == tag {
                let seq = value & CommandIndex.seqMask
                guard seq <= header.validAt, let stored = try ledger.commandID(at: seq) else {
                    throw Unusable(reason: "a slot names seq \(seq), which holds no command id")
                }
                if id.hasSameBytes(as: stored) { return true }
            }
            slot = slot + 1 == header.slotCount ? 0 : slot + 1
        }
        throw Unusable(reason: "every slot is taken")
    }

    /// Replaces the table of `ledger` with `slots`, placed by `seed`, which hold the `count`
    /// commands up to `validAt`: the database emptied, then every block and the header appended.
    static func write(_ slots: [UInt64], seed: UInt64, count: Int, validAt: UInt64, to ledger: LedgerTransaction) throws {
        // Safe: the slots' bytes are read inside `withUnsafeBytes`, each block's within them.
        try slots.withUnsafeBytes { all in
            _ = try write(slotCount: slots.count, seed: seed, count: count, validAt: validAt, to: ledger) { first, block in
                block.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[(first * 8)..<(first * 8 + block.count)]))
                return true
            }
        }
    }

    /// Replaces the table of `ledger` with one of `slotCount` slots, as `write(_:seed:count:validAt:to:)`
    /// does, each block's slots filled in place by `fill` (the index of its first slot, its
    /// bytes); `false` when `fill` could not fill one, after which nothing more is written (the
    /// caller aborts the transaction).
    static func write(
        slotCount: Int, seed: UInt64, count: Int, validAt: UInt64, to ledger: LedgerTransaction,
        fill: (Int, UnsafeMutableRawBufferPointer) -> Bool
    ) throws -> Bool {
        guard let database = ledger.databases.commandSlots else { return true }
        try ledger.txn.clear(database)
        let header = CommandSlotsHeader(seed: seed, slotCount: slotCount, count: count, validAt: validAt)
        for block in 0..<blocks(of: slotCount) {
            let bytes = Self.slots(inBlock: block, of: slotCount) * 8
            var filled = true
            try ledger.txn.put(database, BigEndianKey32(UInt32(block)), reserving: bytes + 8, flags: .append) { buffer in
                let slots = UnsafeMutableRawBufferPointer(rebasing: buffer[..<bytes])
                filled = fill(block * slotsPerBlock, slots)
                let check = StoredCheck.of(UnsafeRawBufferPointer(slots), salt: salt(block: block, header: header))
                buffer.storeBytes(of: check.littleEndian, toByteOffset: bytes, as: UInt64.self)
            }
            guard filled else { return false }
        }
        try put(header, in: database, ledger, flags: .append)
        return true
    }

    /// Adds to the table of `ledger` the commands of `commands` after `header.validAt` up to
    /// `head`, writing only the blocks they land in, and the header. `false` (nothing written)
    /// when the table is unusable or would be fuller than `maximumLoad`: the caller drops it.
    static func extend(in ledger: LedgerTransaction, to head: UInt64) throws -> Bool {
        guard let table = try open(ledger), table.header.validAt <= head else { return false }
        var header = table.header
        guard head > header.validAt else { return true }
        var changed: [Int: [UInt64]] = [:]
        do {
            try ledger.forEachCommand(in: header.validAt + 1...head) { seq, id in
                header.count += 1
                guard Double(header.count) <= Double(header.slotCount) * maximumLoad, seq <= CommandIndex.seqMask else {
                    throw Unusable(reason: "the table is full")
                }
                let hash = IdentifierHash.of(id, seed: header.seed)
                var slot = CommandIndex.firstSlot(of: hash, among: header.slotCount)
                while true {
                    let block = slot / slotsPerBlock
                    if changed[block] == nil {
                        changed[block] = Array(try table.block(block, in: ledger).bindMemoryCopy())
                    }
                    if changed[block]![slot % slotsPerBlock] == 0 {
                        changed[block]![slot % slotsPerBlock] = (hash >> CommandIndex.seqBits) << CommandIndex.seqBits | seq
                        break
                    }
                    slot = slot + 1 == header.slotCount ? 0 : slot + 1
                }
            }
        } catch is Unusable {
            return false
        }
        guard header.count == (try ledger.count(\.commands)) else { return false }
        header.validAt = head
        for block in changed.keys.sorted() {
            try changed[block]!.withUnsafeBytes { try put($0, block: block, header: header, in: table.database, ledger) }
        }
        // Blocks left as they were keep their checks only if the shape did not change: it did not.
        try put(header, in: table.database, ledger)
        return true
    }

    /// Drops the table of `ledger` (the next import that loads every id makes it again).
    static func drop(in ledger: LedgerTransaction) throws {
        guard let database = ledger.databases.commandSlots else { return }
        try ledger.txn.clear(database)
    }

    private static func put(
        _ slots: UnsafeRawBufferPointer, block: Int, header: CommandSlotsHeader, in database: Database,
        _ ledger: LedgerTransaction, flags: WriteFlags = []
    ) throws {
        let check = StoredCheck.of(slots, salt: salt(block: block, header: header))
        try ledger.txn.put(database, BigEndianKey32(UInt32(block)), reserving: slots.count + 8, flags: flags) { buffer in
            UnsafeMutableRawBufferPointer(rebasing: buffer[..<slots.count]).copyMemory(from: slots)
            buffer.storeBytes(of: check.littleEndian, toByteOffset: slots.count, as: UInt64.self)
        }
    }

    private static func put(
        _ header: CommandSlotsHeader, in database: Database, _ ledger: LedgerTransaction, flags: WriteFlags = []
    ) throws {
        try ledger.txn.put(database, headerKey, reserving: CommandSlotsHeader.size, flags: flags) { header.encode(into: $0) }
    }
}

extension UnsafeRawBufferPointer {
    /// The bytes as little-endian `UInt64`s, copied (a block's slots, to change).
    fileprivate func bindMemoryCopy() -> [UInt64] {
        (0..<count / 8).map { UInt64(littleEndian: loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) }
    }
}
