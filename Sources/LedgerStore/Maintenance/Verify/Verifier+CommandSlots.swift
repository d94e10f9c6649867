internal import CPrefetch
internal import LMDB
internal import LedgerDomain

extension Verifier {
    /// How many commands ahead of its look the slot of a command's probe is prefetched.
    private static let probesAhead = 16

    /// The command index the store keeps (`StoredCommandSlots`, format 8) against `commands`: its
    /// header passes its check and its seq lies in the log; every block passes its check; each
    /// filled slot names, once, a command up to that seq whose id has the slot's hash bits and
    /// starts its probe where no empty slot lies between; and it holds every command up to that
    /// seq. An empty table is whole (the next import that loads every id makes it).
    static func checkCommandSlots(
        headSeq: UInt64, _ ledger: LedgerTransaction, releasing region: MappedRegion?
    ) throws -> [String] {
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
        guard slots.contains(0) else {
            found.add("every slot is taken")
            return found.lines
        }
        var seen = NumberSet()
        var filled = 0
        // Slots already named in a line: a seq out of the table's range, a seq held again.
        var named = 0
        for value in slots where value != 0 {
            filled += 1
            let seq = value & CommandIndex.seqMask
            guard seq <= header.validAt, seq > 0 else {
                found.add("a slot names seq \(seq), which holds no command id up to seq \(header.validAt)")
                named += 1
                continue
            }
            if seen.contains(Int(seq)) {
                found.add("seq \(seq) is held twice")
                named += 1
            }
            seen.insert(Int(seq))
        }
        // Each command up to the table's seq, in the order `commands` keeps them, is looked for
        // where its probe starts, as an import looks: its slot must lie before the next empty
        // one and hold its hash bits. A lookup per slot in `commands` instead would be a random
        // read of the B-tree for each command id. The slot a command's probe starts at is
        // prefetched `probesAhead` commands before it is looked at; the pages of `commands` are
        // dropped as the walk leaves them.
        var upTo = 0
        var reached = 0
        var pending = [(seq: UInt64, hash: UInt64, slot: Int)](repeating: (0, 0, 0), count: probesAhead)
        func look(_ seq: UInt64, _ hash: UInt64, from first: Int) {
            var slot = first
            var probed = 0
            while slots[slot] != 0, slots[slot] & CommandIndex.seqMask != seq, probed < header.slotCount {
                slot = slot + 1 == header.slotCount ? 0 : slot + 1
                probed += 1
            }
            guard slots[slot] != 0, slots[slot] & CommandIndex.seqMask == seq else {
                found.add("the command id of seq \(seq) is not where its probe reaches")
                return
            }
            reached += 1
            if hash >> CommandIndex.seqBits != slots[slot] >> CommandIndex.seqBits {
                found.add("slot \(slot) (seq \(seq)) does not hold its command id's hash bits")
            }
        }
        var hashed = 0
        try ledger.scan(\.commands) { entries in
            for entry in entries {
                let seq = BigEndianKey64.decode(entry.key)
                guard seq <= header.validAt else { break }
                upTo += 1
                if upTo & (ReplayCore.releaseInterval - 1) == 0 { region?.releasePages(ifMappedOver: ReplayCore.mappedBudget) }
                guard let id = try? ledger.storedCommandID(entry.value, seq: seq) else { continue }
                let hash = IdentifierHash.of(id, seed: header.seed)
                let first = CommandIndex.firstSlot(of: hash, among: header.slotCount)
                // Safe: `first` is below `header.slotCount`, the count of `slots`; a prefetch only hints.
                slots.withUnsafeBufferPointer { cprefetch_for_read($0.baseAddress! + first) }
                let ring = hashed % probesAhead
                if hashed >= probesAhead { look(pending[ring].seq, pending[ring].hash, from: pending[ring].slot) }
                pending[ring] = (seq, hash, first)
                hashed += 1
            }
        }
        for index in max(0, hashed - probesAhead)..<hashed {
            let waiting = pending[index % probesAhead]
            look(waiting.seq, waiting.hash, from: waiting.slot)
        }
        if filled - named > reached {
            found.add("\(filled - named - reached) slots name a seq whose command id's probe does not reach them")
        }
        if filled != header.count || filled != upTo {
            found.add(
                "\(filled) slots are filled and the header counts \(header.count), for \(upTo) command ids up to seq \(header.validAt)"
            )
        }
        return found.lines
    }
}
