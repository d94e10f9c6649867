public import LedgerDomain
public import LedgerServices

/// An event log held in memory behind `EventLogWriting`: the import rules run against it in tests
/// without LMDB, and it shows what a second store (a database server) has to provide.
public struct InMemoryEventLog: EventLogWriting {
    public var rows = InMemoryReadModels()
    /// The log: the event at seq `n` is `events[n - 1]`.
    public private(set) var events: [OrderEvent] = []
    /// The ids each event named first, by seq like `events`.
    public private(set) var namedFirst: [[String]] = []
    public private(set) var orders: [OrderID: StoredOrder] = [:]
    /// Ids by dense number.
    public private(set) var orderIDs: [OrderID] = []
    public private(set) var customerIDs: [CustomerID] = []
    public private(set) var skuIDs: [SKU] = []
    private var customerNumbers: [CustomerID: CustomerNumber] = [:]
    private var skuNumbers: [SKU: SKUNumber] = [:]
    private var commands: [CommandID: UInt64] = [:]
    private var names: [String] = []

    public init() {}

    /// Applies `commands` in order as an import does: each accepted one becomes the next event.
    public mutating func apply(_ commands: [Command], service: any OrderDeciding = OrderService()) throws
        -> [CommandOutcome]
    {
        var outcomes: [CommandOutcome] = []
        for command in commands {
            let seq = UInt64(events.count + 1)
            outcomes.append(try CommandApplication.apply(command, seq: seq, to: &self, service: service))
        }
        return outcomes
    }

    public mutating func order(of command: Command) throws -> StoredOrder? { orders[command.orderID] }

    public mutating func claimCommand(of command: Command, seq: UInt64) throws -> Bool {
        guard let id = command.commandID else { return true }
        guard commands[id] == nil else { return false }
        commands[id] = seq
        return true
    }

    public mutating func releaseCommand(of command: Command) throws {
        if let id = command.commandID { commands[id] = nil }
    }

    public mutating func defineOrder(of command: Command) throws -> OrderNumber {
        orderIDs.append(command.orderID)
        names.append(command.orderID.rawValue)
        return OrderNumber(UInt32(orderIDs.count - 1))
    }

    public mutating func customerNumber(of command: Command) throws -> CustomerNumber {
        guard case .place(let placement) = command.action else { preconditionFailure("only a place names a customer") }
        let id = placement.customer
        if let number = customerNumbers[id] { return number }
        let number = CustomerNumber(UInt32(customerIDs.count))
        customerIDs.append(id)
        customerNumbers[id] = number
        names.append(id.rawValue)
        return number
    }

    public mutating func skuNumber(of command: Command, line: Int) throws -> SKUNumber {
        guard case .place(let placement) = command.action else { preconditionFailure("only a place names skus") }
        let id = placement.lines[line].sku
        if let number = skuNumbers[id] { return number }
        let number = SKUNumber(UInt32(skuIDs.count))
        skuIDs.append(id)
        skuNumbers[id] = number
        names.append(id.rawValue)
        return number
    }

    public mutating func fold(_ event: OrderEvent, before: OrderState?, after: OrderState, placedLines: [EventLine]) {
        ReadModelFold.apply(event, before: before, after: after, placedLines: placedLines, to: &rows)
    }

    public mutating func placedLines(of order: StoredOrder) throws -> [EventLine] {
        events.first { $0.order == order.number && $0.kind == .placed }?.lines ?? []
    }

    public mutating func append(
        _ event: OrderEvent, seq: UInt64, previousSeq: UInt64, order: StoredOrder, of command: Command
    ) throws {
        let id = command.orderID
        precondition(seq == UInt64(events.count + 1), "events are appended at the next seq")
        precondition(previousSeq == (orders[id]?.lastSeq ?? 0), "an event follows its order's latest one")
        events.append(event)
        namedFirst.append(names)
        names = []
        orders[id] = order
    }
}
