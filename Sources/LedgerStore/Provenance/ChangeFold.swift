internal import LedgerDomain
internal import LedgerServices

/// Folds the events of a range, in seq order, onto the orders as the log had them before it
/// (`orders diff`): counts per type, money per currency, and per order touched its state before
/// and after and what it paid and refunded.
struct ChangeFold {
    /// One order that an event of the range touched.
    private struct Touched {
        let before: OrderState?
        var state: OrderState?
        var events = 0
        var paid: Int128 = 0
        var refunded: Int128 = 0
    }

    private let before: ReplayedLedger
    private let service = OrderService()
    private var touched: [OrderNumber: Touched] = [:]
    private(set) var events = 0
    private var byType = [Int](repeating: 0, count: EventKind.allCases.count + 1)
    private var money: [Currency: MoneyMoved] = [:]

    /// `before`: the log replayed up to the range's start.
    init(before: ReplayedLedger) { self.before = before }

    /// Adds the event at `seq`, the next of the range (read in place: only its fixed fields are used).
    mutating func add(_ event: some OrderEventFacts, seq: UInt64) throws {
        let number = event.order
        var order = touched[number] ?? Touched(before: stateBefore(number), state: stateBefore(number))
        guard order.state != nil || event.kind == .placed else {
            throw StoreError.damagedLog(seq: seq, detail: "a \(event.kind) event of an order that was never placed")
        }
        let after = service.evolve(order.state, event)
        events += 1
        byType[Int(event.kind.rawValue)] += 1
        let amount = Int128(event.amount)
        switch event.kind {
        case .placed: money[after.currency, default: MoneyMoved()].gross += Int128(after.total)
        case .paid:
            money[after.currency, default: MoneyMoved()].captured += amount
            order.paid += amount
        case .cancelled, .refunded:
            money[after.currency, default: MoneyMoved()].refunded += amount
            order.refunded += amount
        case .shipped, .delivered: break
        }
        order.state = after
        order.events += 1
        touched[number] = order
    }

    private func stateBefore(_ number: OrderNumber) -> OrderState? {
        number.index < before.entries.count && before.entries[number.index].lastSeq != 0
            ? before.entries[number.index].state : nil
    }

    /// The change from `from` to `to`, with the orders' ids looked up in `ledger`.
    func change(from: AsOf, to: AsOf, in ledger: LedgerTransaction) throws -> LedgerChange {
        var orders: [OrderChange] = []
        orders.reserveCapacity(touched.count)
        for (number, order) in touched {
            guard let id = try ledger.orderID(number), let state = order.state else {
                throw StoreError.corrupt("order number \(number.rawValue) has no id")
            }
            orders.append(
                OrderChange(
                    orderID: id, statusBefore: order.before?.status, statusAfter: state.status, currency: state.currency,
                    events: order.events,
                    paid: order.paid, refunded: order.refunded))
        }
        orders.sort { $0.orderID.utf8.lexicographicallyPrecedes($1.orderID.utf8) }
        let counts = Dictionary(uniqueKeysWithValues: EventKind.allCases.map { ($0, byType[Int($0.rawValue)]) })
        return LedgerChange(from: from, to: to, events: events, byType: counts, money: money, orders: orders)
    }
}
