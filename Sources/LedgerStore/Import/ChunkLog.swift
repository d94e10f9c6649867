internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// The event log of one chunk's write transaction, as `CommandApplication` writes to it: LMDB
/// behind it, and the import's order states, read model rows, command ids and id dictionaries in
/// memory. New ids get their numbers in memory and are appended to the
/// `…_names` databases at once; their `…_ids` entries and the `customer_orders` keys wait for
/// `flush`, which writes them sorted.
struct ChunkLog: EventLogWriting {
    let ledger: LedgerTransaction
    var rows: ReadModelCache
    let commands: CommandIndex
    let identifiers: ImportIdentifiers
    /// The import's order states; `flush` writes back those this chunk changed.
    let orders: OrderStates
    /// The ids defined since the last append: the next event names them.
    private var names = NameDefinitions()
    /// The ids this chunk defined, for the `…_ids` databases.
    private var newOrders: [(id: String, number: UInt32)] = []
    private var newCustomers: [(id: String, number: UInt32)] = []
    private var newSKUs: [(id: String, number: UInt32)] = []
    /// The orders this chunk placed, for `customer_orders`.
    private var placed: [(customer: CustomerNumber, order: OrderNumber)] = []

    /// This commit's link of the log's hash chain: every appended event's bytes go in.
    private(set) var link: ChainLink

    init(
        ledger: LedgerTransaction, orders: OrderStates, rows: ReadModelCache, commands: CommandIndex,
        identifiers: ImportIdentifiers, link: ChainLink
    ) {
        self.ledger = ledger
        self.link = link
        self.rows = rows
        self.commands = commands
        self.identifiers = identifiers
        self.orders = orders
    }

    mutating func order(_ id: OrderID) throws -> StoredOrder? {
        guard let number = identifiers.orders.number(of: id.rawValue) else { return nil }
        guard let order = try orders.order(OrderNumber(number)) else {
            throw StoreError.corrupt("order \(id) has number \(number) but no state")
        }
        return order
    }

    mutating func claimCommand(_ id: CommandID, seq: UInt64) throws -> Bool { try commands.claim(id, seq: seq) }

    mutating func releaseCommand(_ id: CommandID) throws { try commands.release(id) }

    mutating func defineOrder(_ id: OrderID) throws -> OrderNumber {
        names.order = id.rawValue
        let number = try identifiers.orders.define(id.rawValue)
        try ledger.appendID(id.rawValue, number: number, to: \.orderNames)
        newOrders.append((id.rawValue, number))
        return OrderNumber(number)
    }

    mutating func customerNumber(_ id: CustomerID) throws -> CustomerNumber {
        if let number = identifiers.customers.number(of: id.rawValue) { return CustomerNumber(number) }
        let number = try identifiers.customers.define(id.rawValue)
        try ledger.appendID(id.rawValue, number: number, to: \.customerNames)
        newCustomers.append((id.rawValue, number))
        names.customer = id.rawValue
        return CustomerNumber(number)
    }

    mutating func skuNumber(_ id: SKU) throws -> SKUNumber {
        if let number = identifiers.skus.number(of: id.rawValue) { return SKUNumber(number) }
        let number = try identifiers.skus.define(id.rawValue)
        try ledger.appendID(id.rawValue, number: number, to: \.skuNames)
        newSKUs.append((id.rawValue, number))
        names.skus.append(id.rawValue)
        return SKUNumber(number)
    }

    /// The lines of the order's `placed` event: read at its seq if this import placed the order,
    /// else found by walking its stream back.
    mutating func placedLines(of order: StoredOrder) throws -> [EventLine] {
        guard let seq = orders.placedSeq(of: order.number) else { return try ledger.placedLines(of: order) }
        guard let placed = try ledger.event(seq: seq), placed.event.order == order.number, placed.event.kind == .placed else {
            throw StoreError.corrupt("order number \(order.number.rawValue) has no placed event at seq \(seq)")
        }
        return placed.event.lines
    }

    mutating func append(
        _ event: OrderEvent, seq: UInt64, previousSeq: UInt64, order: StoredOrder, id: OrderID
    ) throws {
        if event.kind == .placed { placed.append((event.customer, event.order)) }
        try ledger.appendEvent(seq: seq, event, names: names, previousSeq: previousSeq, chaining: &link)
        names = NameDefinitions()
        orders.update(to: order, placedSeq: event.kind == .placed ? seq : nil)
    }

    /// Writes the orders this chunk changed back to the store, and its new ids' entries; drops the
    /// pages of `region` after each database and every few writes within one.
    func flush(releasing region: MappedRegion?) throws {
        region?.releasePages()
        try orders.flush(releasing: region)
        region?.releasePages()
        try ledger.putIDs(newOrders, into: \.orderIDs, releasing: region)
        region?.releasePages()
        try ledger.putIDs(newCustomers, into: \.customerIDs, releasing: region)
        try ledger.putIDs(newSKUs, into: \.skuIDs, releasing: region)
        region?.releasePages()
        try ledger.indexCustomerOrders(placed, releasing: region)
        region?.releasePages()
    }
}
