internal import LedgerDomain
internal import LedgerServices

/// The event log of one chunk's write transaction, as `CommandApplication` writes to it: LMDB
/// behind it, the chunk's order cache in front, the import's read model rows, and the customer and
/// sku numbers known before the chunk or learned in it.
struct ChunkLog: EventLogWriting {
    let ledger: LedgerTransaction
    var rows: ReadModelCache
    let known: KnownIdentifiers
    /// Numbers this chunk looked up or defined (they join `known` once it commits).
    private(set) var learned = KnownIdentifiers()
    /// The orders this chunk read or changed; `flush` writes the changed ones back.
    private var orders = OrderCache(capacity: 1 << 14)
    /// The ids defined since the last append: the next event names them.
    private var names = NameDefinitions()
    /// This commit's link of the log's hash chain: every appended event's bytes go in.
    private(set) var link: ChainLink

    init(ledger: LedgerTransaction, rows: ReadModelCache, known: KnownIdentifiers, link: ChainLink) {
        self.ledger = ledger
        self.rows = rows
        self.known = known
        self.link = link
    }

    mutating func order(_ id: OrderID) throws -> StoredOrder? { try orders.order(id, in: ledger) }

    mutating func claimCommand(_ id: CommandID, seq: UInt64) throws -> Bool { try ledger.claimCommand(id, seq: seq) }

    mutating func releaseCommand(_ id: CommandID) throws { try ledger.releaseCommand(id) }

    mutating func defineOrder(_ id: OrderID) throws -> OrderNumber {
        names.order = id.rawValue
        return try ledger.defineOrder(id)
    }

    mutating func customerNumber(_ id: CustomerID) throws -> CustomerNumber {
        let (number, isNew) = try Self.number(
            of: id, known: known.customers, learned: &learned.customers, intern: ledger.intern(customer:))
        if isNew { names.customer = id.rawValue }
        return number
    }

    mutating func skuNumber(_ id: SKU) throws -> SKUNumber {
        let (number, isNew) = try Self.number(of: id, known: known.skus, learned: &learned.skus, intern: ledger.intern(sku:))
        if isNew { names.skus.append(id.rawValue) }
        return number
    }

    /// A customer's or sku's number: known before the chunk, learned in it, or else interned in
    /// the store (`isNew` when this call defined it).
    private static func number<ID: Hashable, Number>(
        of id: ID, known: [ID: Number], learned: inout [ID: Number], intern: (ID) throws -> (Number, isNew: Bool)
    ) rethrows -> (Number, isNew: Bool) {
        if let number = known[id] ?? learned[id] { return (number, false) }
        let (number, isNew) = try intern(id)
        learned[id] = number
        return (number, isNew)
    }

    mutating func placedLines(of order: StoredOrder) throws -> [EventLine] { try ledger.placedLines(of: order) }

    mutating func append(
        _ event: OrderEvent, seq: UInt64, previousSeq: UInt64, order: StoredOrder, id: OrderID
    ) throws {
        if event.kind == .placed { try ledger.indexCustomerOrder(event.customer, event.order) }
        try ledger.appendEvent(seq: seq, event, names: names, previousSeq: previousSeq, chaining: &link)
        names = NameDefinitions()
        orders.update(id, to: order)
    }

    /// Writes the orders this chunk changed back to the store.
    func flush() throws { try orders.flush(to: ledger) }
}
