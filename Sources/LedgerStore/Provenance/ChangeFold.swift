internal import LedgerDomain
internal import LedgerServices

/// Folds the events of a range, in seq order, onto the orders as the log had them before it
/// (`orders diff`): counts per type, money per currency, and per order touched its state before
/// and after and what it paid and refunded.
struct ChangeFold {
    /// One order that an event of the range touched.
    private struct Touched {
        let number: OrderNumber
        let before: OrderState?
        var state: OrderState?
        var events = 0
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
            touched.append(Touched(number: number, before: state, state: state))
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

    /// The change from `from` to `to`, with the orders' ids looked up in `ledger`.
    func change(from: AsOf, to: AsOf, in ledger: LedgerTransaction) throws -> LedgerChange {
        var orders: [OrderChange] = []
        orders.reserveCapacity(touched.count)
        for order in touched {
            guard let id = try ledger.orderID(order.number), let state = order.state else {
                throw StoreError.corrupt("order number \(order.number.rawValue) has no id")
            }
            orders.append(
                OrderChange(
                    orderID: id, statusBefore: order.before?.status, statusAfter: state.status, currency: state.currency,
                    events: order.events, paid: order.paid, refunded: order.refunded))
        }
        // Ids are ASCII (SPEC §2), whose string order is their byte order.
        orders.sort { $0.orderID < $1.orderID }
        let counts = Dictionary(uniqueKeysWithValues: EventKind.allCases.map { ($0, byType[Int($0.rawValue)]) })
        return LedgerChange(
            from: from, to: to, events: events, byType: counts,
            money: Dictionary(uniqueKeysWithValues: money.map { ($0.currency, $0.moved) }), orders: orders)
    }
}
