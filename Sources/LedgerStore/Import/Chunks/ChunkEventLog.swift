internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// The event log of one chunk as `CommandApplication` writes to it, worked out in memory: the
/// import's order states, command ids and id dictionaries, and the chunk's writes and read model
/// changes collected in a `PreparedChunk` for `ChunkWriter`. New ids get their numbers in memory.
///
/// `ledger` is a snapshot that may lag behind this import: the chunks in `earlier` are prepared
/// but not committed in it. What they wrote is read from them (a cancel's `placed` event), or
/// is in memory anyway (order states, ids, command ids).
struct ChunkEventLog: EventLogWriting {
    let ledger: LedgerTransaction
    let commands: CommandIndex
    let identifiers: ImportIdentifiers
    /// The import's order states.
    let orders: OrderStates
    /// The chunks prepared before this one that `ledger` does not hold yet.
    let earlier: [PreparedChunk]
    /// This chunk's writes so far.
    private(set) var chunk: PreparedChunk
    /// The ids defined since the last append: the next event names them.
    private var names = NameDefinitions()

    init(
        ledger: LedgerTransaction, orders: OrderStates, commands: CommandIndex, identifiers: ImportIdentifiers,
        earlier: [PreparedChunk], chunk: PreparedChunk
    ) {
        self.ledger = ledger
        self.commands = commands
        self.identifiers = identifiers
        self.orders = orders
        self.earlier = earlier
        self.chunk = chunk
    }

    mutating func order(of command: ParsedCommand) throws -> StoredOrder? {
        let id = command.decoded.orderID
        guard let number = try identifiers.orders.find(command.bytes(id), hash: id.hash) else { return nil }
        guard let order = try orders.order(OrderNumber(number)) else {
            throw StoreError.corrupt("order \(command.orderIDText) has number \(number) but no state")
        }
        return order
    }

    mutating func claimCommand(of command: ParsedCommand, seq: UInt64) throws -> Bool {
        guard let id = command.decoded.commandID else { return true }
        return try commands.claim(command.bytes(id), hash: id.hash, seq: seq)
    }

    mutating func releaseCommand(of command: ParsedCommand) throws {
        if let id = command.decoded.commandID { try commands.release(command.bytes(id)) }
    }

    mutating func defineOrder(of command: ParsedCommand) throws -> OrderNumber {
        let id = command.decoded.orderID
        let number = try identifiers.orders.define(command.bytes(id), hash: id.hash)
        let name = Identifier.string(command.bytes(id))
        names.order = name
        chunk.orderNames.append((name, number))
        return OrderNumber(number)
    }

    mutating func customerNumber(of command: ParsedCommand) throws -> CustomerNumber {
        let id = command.decoded.customer
        let bytes = command.bytes(id)
        if let number = try identifiers.customers.find(bytes, hash: id.hash) { return CustomerNumber(number) }
        let number = try identifiers.customers.define(bytes, hash: id.hash)
        let name = Identifier.string(bytes)
        chunk.customerNames.append((name, number))
        names.customer = name
        return CustomerNumber(number)
    }

    mutating func skuNumber(of command: ParsedCommand, line: Int) throws -> SKUNumber {
        let id = command.sku(line)
        let bytes = command.bytes(id)
        if let number = try identifiers.skus.find(bytes, hash: id.hash) { return SKUNumber(number) }
        let number = try identifiers.skus.define(bytes, hash: id.hash)
        let name = Identifier.string(bytes)
        chunk.skuNames.append((name, number))
        names.skus.append(name)
        return SKUNumber(number)
    }

    /// The lines of the order's `placed` event: read at its seq if this import placed the order,
    /// else found by walking its stream back.
    mutating func placedLines(of order: StoredOrder) throws -> [EventLine] {
        var seq = orders.placedSeq(of: order.number) ?? order.lastSeq
        while seq != 0 {
            guard let found = try event(at: seq), found.event.order == order.number, found.previousSeq < seq else {
                throw StoreError.corrupt("order number \(order.number.rawValue)'s stream breaks at seq \(seq)")
            }
            if found.event.kind == .placed { return found.event.lines }
            seq = found.previousSeq
        }
        throw StoreError.corrupt("order number \(order.number.rawValue) has no placed event")
    }

    /// The event at `seq`: from this chunk, an earlier one not committed yet, or the store.
    private func event(at seq: UInt64) throws -> DecodedEvent? {
        let holder = seq >= chunk.firstSeq ? chunk : earlier.last { seq >= $0.firstSeq }
        guard let holder else { return try ledger.event(seq: seq) }
        return try holder.withEvent(at: seq) { bytes throws(StoreError) in try EventCodec.decode(bytes) }
    }

    mutating func append(
        _ event: OrderEvent, seq: UInt64, previousSeq: UInt64, order: StoredOrder, of command: ParsedCommand
    ) throws {
        precondition(seq == chunk.lastSeq + 1, "events are appended in seq order")
        chunk.append(
            event, names: names, previousSeq: previousSeq, carriesCommandID: command.decoded.commandID != nil)
        names = NameDefinitions()
        orders.update(to: order, placedSeq: event.kind == .placed ? seq : nil)
    }

    /// Records `line`, where the record that made the event just appended starts (its provenance).
    mutating func appended(fromLine line: Int) { chunk.lines.append(line) }
    /// Recorded with the chunk, whose changes `ReadModelFoldingThread` folds while the chunks are written.
    mutating func fold(_ event: OrderEvent, before: OrderState?, after: OrderState, placedLines: [EventLine]) {
        chunk.changes.record(event, before: before, after: after, placedLines: placedLines)
    }

    /// The chunk with its command ids; with the order states the import changed when `last`.
    mutating func finished(last: Bool) -> PreparedChunk {
        commands.copyClaims(after: chunk.firstSeq - 1, into: &chunk.commands)
        if last, orders.hasChanges { chunk.readModels = PendingReadModels(orders: orders) }
        return chunk
    }
}
