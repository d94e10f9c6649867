internal import LedgerDomain
internal import LedgerServices

/// Folds the events of a range, in seq order, onto the orders as the log had them before it
/// (`orders diff`): counts per type, money per currency, and per order touched its state before
/// and after and what it paid and refunded.
struct ChangeFold {
    /// One order that an event of the range touched. Kept small, the narrow fields first: a
    /// range can touch every order, and its events reach them in no particular order, so each
    /// event costs the cache misses of reading its order's entry.
    private struct Touched {
        let number: OrderNumber
        let statusBefore: OrderStatus?
        var events: Int32 = 0
        var state: OrderState?
        var paid: Int128 = 0
        var refunded: Int128 = 0
    }

    private let before: ReplayedLedger
    private let service = OrderService()
    /// The orders touched, in the order first touched; `slots[number] - 1` is an order's place in
    /// it (0: not touched). Indexed by dense order number: a range can touch every order.
    private var touched: [Touched] = []
    private var slots: [Int32] = []
    private(set) var events = 0
    private var byType = [Int](repeating: 0, count: EventKind.allCases.count + 1)
    /// The money per currency, in the order first met (a range holds few currencies).
    private var money: [(currency: Currency, moved: MoneyMoved)] = []

    /// `before`: the log replayed up to the range's start.
    init(before: ReplayedLedger) {
        self.before = before
        slots.reserveCapacity(before.entries.count)
    }

    /// Adds the event at `seq`, the next of the range (read in place: only its fixed fields are used).
    mutating func add(_ event: some OrderEventFacts, seq: UInt64) throws {
        let number = event.order
        if number.index >= slots.count { slots += repeatElement(0, count: number.index + 1 - slots.count) }
        if slots[number.index] == 0 {
            let state = stateBefore(number)
            touched.append(Touched(number: number, statusBefore: state?.status, state: state))
            slots[number.index] = Int32(touched.count)
        }
        let slot = Int(slots[number.index]) - 1
        guard touched[slot].state != nil || event.kind == .placed else {
            throw StoreError.damagedLog(seq: seq, detail: "a \(event.kind) event of an order that was never placed")
        }
        let after = service.evolve(touched[slot].state, event)
        events += 1
        byType[Int(event.kind.rawValue)] += 1
        let amount = Int128(event.amount)
        switch event.kind {
        case .placed: add(to: after.currency) { $0.gross += Int128(after.total) }
        case .paid:
            add(to: after.currency) { $0.captured += amount }
            touched[slot].paid += amount
        case .cancelled, .refunded:
            add(to: after.currency) { $0.refunded += amount }
            touched[slot].refunded += amount
        case .shipped, .delivered: break
        }
        touched[slot].state = after
        touched[slot].events += 1
    }

    private mutating func add(to currency: Currency, _ change: (inout MoneyMoved) -> Void) {
        if let index = money.firstIndex(where: { $0.currency == currency }) {
            change(&money[index].moved)
        } else {
            var moved = MoneyMoved()
            change(&moved)
            money.append((currency, moved))
        }
    }

    private func stateBefore(_ number: OrderNumber) -> OrderState? {
        number.index < before.entries.count && before.entries[number.index].lastSeq != 0
            ? before.entries[number.index].state : nil
    }

    /// The change from `from` to `to`, with the orders' ids read from `ledger`.
    func change(from: AsOf, to: AsOf, in ledger: LedgerTransaction) throws -> LedgerChange {
        let counts = Dictionary(uniqueKeysWithValues: EventKind.allCases.map { ($0, byType[Int($0.rawValue)]) })
        return LedgerChange(
            from: from, to: to, events: events, byType: counts,
            money: Dictionary(uniqueKeysWithValues: money.map { ($0.currency, $0.moved) }),
            orders: try ordersByID(in: ledger))
    }

    /// The orders touched, sorted by id in byte order. A few are looked up one by one and sorted;
    /// many are picked out of one walk of the id dictionary, whose key order is that byte order:
    /// a lookup descends the tree and a sort compares whole strings, where a step of the walk
    /// reads the next entry.
    private func ordersByID(in ledger: LedgerTransaction) throws -> [OrderChange] {
        var orders: [OrderChange] = []
        orders.reserveCapacity(touched.count)
        if touched.count * Self.walkingShare < (try ledger.count(\.orderNames)) {
            for order in touched { orders.append(try change(of: order, id: try ledger.orderID(order.number))) }
            // Ids are ASCII (SPEC §2), whose string order is their byte order.
            orders.sort { $0.orderID < $1.orderID }
            return orders
        }
        try ledger.forEachIDInKeyOrder(ids: \.orderIDs, names: \.orderNames) { id, number in
            let index = Int(number)
            if index < slots.count, slots[index] > 0 {
                orders.append(try change(of: touched[Int(slots[index]) - 1], id: String(decoding: id, as: UTF8.self)))
            }
            return orders.count < touched.count
        }
        guard orders.count == touched.count else {
            throw StoreError.corrupt(
                "\(touched.count - orders.count) of the orders touched have no id; orders verify lists every problem")
        }
        return orders
    }

    /// The walk of the id dictionary is taken once at least one order in this many is touched.
    private static let walkingShare = 16

    private func change(of order: Touched, id: String?) throws -> OrderChange {
        guard let id, let state = order.state else {
            throw StoreError.corrupt("order number \(order.number.rawValue) has no id")
        }
        return OrderChange(
            orderID: id, statusBefore: order.statusBefore, statusAfter: state.status, currency: state.currency,
            events: Int(order.events), paid: order.paid, refunded: order.refunded)
    }
}
