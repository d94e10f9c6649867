internal import LMDB
internal import LedgerDomain

extension Verifier {
    /// The command index the store keeps (`StoredCommandSlots`, format 8) against `commands`: its
    /// header passes its check and its seq lies in the log; every block passes its check; each
    /// filled slot names, once, a command up to that seq whose id has the slot's hash bits and
    /// starts its probe where no empty slot lies between; and it holds every command up to that
    /// seq. An empty table is whole (the next import that loads every id makes it).
    static func checkCommandSlots(headSeq: UInt64, _ ledger: LedgerTransaction) throws -> [String] {
        guard let database = ledger.databases.commandSlots, try ledger.txn.count(database) > 0 else { return [] }
        let name = "command_slots"
        guard let table = try StoredCommandSlots.open(ledger) else {
            return ["\(name): its header is missing or fails its check (the next import makes the table again)"]
        }
        let header = table.header
        var found = Differences(name)
        if header.validAt > headSeq { found.add("it holds the commands up to seq \(header.validAt), the log ends at \(headSeq)") }
        let blocks = StoredCommandSlots.blocks(of: header.slotCount)
        let entries = try ledger.txn.count(database)
        if entries != blocks + 1 { found.add("\(entries) entries for \(blocks) blocks and the header") }
        var slots = [UInt64](repeating: 0, count: header.slotCount)
        for block in 0..<blocks {
            do {
                let bytes = try table.block(block, in: ledger)
                for index in 0..<bytes.count / 8 {
                    slots[block * StoredCommandSlots.slotsPerBlock + index] = UInt64(
                        littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
                }
            } catch let unusable as StoredCommandSlots.Unusable {
                found.add("\(unusable.reason)")
            }
        }
        guard let empty = slots.firstIndex(of: 0) else {
            found.add("every slot is taken")
            return found.lines
        }
        var seen = NumberSet()
        var filled = 0
        // Walked from an empty slot round the table: `runStart` is where the filled run in which
        // the slot lies starts, and the slot's probe must start inside that run, at or before it.
        var runStart = empty
        for step in 1...header.slotCount {
            let slot = (empty + step) % header.slotCount
            let value = slots[slot]
            if value == 0 {
                runStart = (slot + 1) % header.slotCount
                continue
            }
            filled += 1
            let seq = value & CommandIndex.seqMask
            guard seq <= header.validAt, seq > 0, let id = try? ledger.commandID(at: seq) else {
                found.add("slot \(slot) names seq \(seq), which holds no command id up to seq \(header.validAt)")
                continue
            }
            if seen.contains(Int(seq)) { found.add("seq \(seq) is held twice") }
            seen.insert(Int(seq))
            let hash = IdentifierHash.of(id, seed: header.seed)
            let first = CommandIndex.firstSlot(of: hash, among: header.slotCount)
            let distance = { (from: Int, to: Int) in (to - from + header.slotCount) % header.slotCount }
            if hash >> CommandIndex.seqBits != value >> CommandIndex.seqBits
                || distance(runStart, first) > distance(runStart, slot)
            {
                found.add("slot \(slot) (seq \(seq)) is not where its command id's probe reaches")
            }
        }
        let upTo = try ledger.count(\.commands) - countCommands(after: header.validAt, ledger)
        if filled != header.count || filled != upTo {
            found.add(
                "\(filled) slots are filled and the header counts \(header.count), for \(upTo) command ids up to seq \(header.validAt)"
            )
        }
        return found.lines
    }

    /// How many commands `commands` holds after `seq`.
    private static func countCommands(after seq: UInt64, _ ledger: LedgerTransaction) throws -> Int {
        var count = 0
        try ledger.scan(\.commands, from: BigEndianKey64(seq + 1)) { entries in
            for _ in entries { count += 1 }
        }
        return count
    }
}
