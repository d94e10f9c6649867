internal import LedgerDomain
internal import LedgerServices

/// One chunk of records applied in memory (`ChunkApplier.prepare`) and not yet written: everything
/// its write transaction puts into the store (`ChunkWriter`), each database's entries in the
/// order they are written, and the read model changes its events make; the import's last chunk
/// also carries the order states to write back. The importer
/// works a chunk out while the one before is written and committed; until that commit, the
/// events and command ids of a prepared chunk are read from here, not from the store.
struct PreparedChunk: Sendable {
    /// The seq of the chunk's first event (one past the log's head it follows).
    let firstSeq: UInt64
    /// The encoded events, back to back: event `i` ends at `eventEnds[i]`.
    private(set) var events: [UInt8] = []
    private(set) var eventEnds: [Int] = []
    /// The line of the record that made each event, in seq order (its provenance).
    var lines: [Int] = []
    /// The command ids accepted, by seq.
    var commands = CommandClaims()
    /// What each event changes in the read models (folded by `ReadModelFoldingThread` as the chunks are written).
    var changes = ReadModelChanges()
    /// The ids the chunk defined, in number order.
    var orderNames: [(id: String, number: UInt32)] = []
    var customerNames: [(id: String, number: UInt32)] = []
    var skuNames: [(id: String, number: UInt32)] = []
    /// The import's last chunk: the order states it changed, written back with this chunk (and the
    /// rows the import folded).
    var readModels: PendingReadModels?
    /// The import's last chunk: how it brings the command index the store keeps up to date.
    var commandSlots: CommandSlotsUpdate?
    /// The batch's record after the chunk.
    var progress: StoredBatch
    /// The chunk's rejected records.
    var rejected: [StoredRejection] = []

    init(firstSeq: UInt64, progress: StoredBatch) {
        self.firstSeq = firstSeq
        self.progress = progress
    }

    /// Takes the room of `spare`, a chunk written and committed, for this chunk to fill: arrays
    /// made afresh for each chunk (each larger than glibc's threshold for mapping) cost a page
    /// fault for every page they filled, and copies as they grew. An array of `spare` whose room
    /// is more than half again what it used is not kept (its pages stay resident, and the chunks
    /// at the start of a batch can be several times larger than the rest): this chunk's starts
    /// with room for an eighth more than it used. An array still shared (the writer not done with
    /// `spare`) leaves its pages to that holder: this chunk's gets room of its own.
    mutating func reuseRoom(of spare: inout PreparedChunk) {
        Self.reuse(&events, from: &spare.events)
        Self.reuse(&eventEnds, from: &spare.eventEnds)
        Self.reuse(&lines, from: &spare.lines)
        commands.reuseRoom(of: &spare.commands)
        changes.reuseRoom(of: &spare.changes)
        Self.reuse(&orderNames, from: &spare.orderNames)
        Self.reuse(&customerNames, from: &spare.customerNames)
        Self.reuse(&skuNames, from: &spare.skuNames)
    }

    /// Makes `array` (empty) `spare`'s room emptied, or room for about as much as `spare` used.
    static func reuse<Element>(_ array: inout [Element], from spare: inout [Element]) {
        let used = spare.count
        if spare.capacity <= used + used / 2 {
            swap(&array, &spare)
            array.removeAll(keepingCapacity: true)
        } else {
            array.reserveCapacity(used + used / 8)
        }
    }

    /// How many events the chunk appends.
    var eventCount: Int { eventEnds.count }

    /// The seq of the chunk's last event (`firstSeq - 1` when it has none).
    var lastSeq: UInt64 { firstSeq + UInt64(eventEnds.count) - 1 }

    /// Appends the next event, encoded; `carriesCommandID` when it was accepted with a command id.
    mutating func append(_ event: OrderEvent, names: NameDefinitions, previousSeq: UInt64, carriesCommandID: Bool) {
        let start = events.count
        let size = EventCodec.size(of: event, names: names)
        events.append(contentsOf: repeatElement(0, count: size))
        events.withUnsafeMutableBytes { all in
            EventCodec.encode(
                event, names: names, previousSeq: previousSeq, carriesCommandID: carriesCommandID,
                into: .init(rebasing: all[start..<start + size]))
        }
        eventEnds.append(events.count)
    }

    /// Calls `body` with the bytes of the event at `seq`, if the chunk appended it.
    func withEvent<R>(at seq: UInt64, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        guard seq >= firstSeq, seq <= lastSeq else { return nil }
        let index = Int(seq - firstSeq)
        let start = index == 0 ? 0 : eventEnds[index - 1]
        return try events.withUnsafeBytes { try body(.init(rebasing: $0[start..<eventEnds[index]])) }
    }
}
