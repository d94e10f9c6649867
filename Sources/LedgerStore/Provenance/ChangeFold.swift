internal import CPrefetch
internal import LedgerDomain
internal import LedgerServices

/// Folds the log, in seq order, for `orders diff`: the events before the range only follow each
/// order's status (what the range starts from), the events in it are also counted per type, their
/// money per currency, and per order touched its status before and after and what it paid and
/// refunded. One entry per order, indexed by its number (`ChangeEntries`), and nothing allocated
/// per event.
struct ChangeFold {
    /// How many orders the store names: the entries of numbers 0 ..< `orders`.
    let orders: Int
    private let memory: ChangeEntries
    // Safe: the entries `memory` maps, which stays mapped as long as a copy of this value holds
    // it; every number read through it is below `orders` (checked in `add`, `isTouched`).
    private let entries: UnsafeMutablePointer<ChangeEntry>
    private(set) var events = 0
    /// How many orders the range touched.
    private(set) var touched = 0
    private var byType = [Int](repeating: 0, count: EventKind.allCases.count + 1)
    /// The currencies the orders are placed in, in the order first met (a log holds few); an
    /// entry names its currency by its place here.
    private(set) var currencies: [Currency] = []
    /// The money moved per currency (beside `currencies`), and whether an event in range moved
    /// any in it.
    private var money: [MoneyMoved] = []
    private var moved: [Bool] = []

    /// `orders`: how many orders the store names (an event naming another is damage).
    init(orders: Int) {
        self.orders = orders
        memory = ChangeEntries(count: orders)
        entries = memory.base
    }

    /// Starts bringing in the entry that the event `bytes` will touch, a few events before it is
    /// folded, ahead of a write (it only reads: what it cannot make sense of, `add` will report).
    // Mutating: called on the scan's `inout` fold, a non-mutating call copied the fold each time.
    mutating func prepare(_ bytes: UnsafeRawBufferPointer) {
        guard let peek = EncodedEvent.Peek(bytes), peek.order.index < orders else { return }
        cprefetch_for_write(entries + peek.order.index)
    }

    /// Folds `event`, at `seq`: one of the range's when `inRange`, else one before it.
    mutating func add(_ event: EncodedEvent, seq: UInt64, inRange: Bool) throws(StoreError) {
        let index = event.order.index
        guard index < orders else {
            throw StoreError.damagedLog(seq: seq, detail: "it names order number \(index), but the store names \(orders) orders")
        }
        let before = entries[index].status
        if event.kind == .placed {
            guard before == 0 else { throw StoreError.damagedLog(seq: seq, detail: "it places an order placed before") }
            entries[index].currency = try currency(event.currency, seq: seq)
            entries[index].unpaid = event.amount
        } else if before == 0 {
            throw StoreError.damagedLog(seq: seq, detail: "a \(event.kind) event of an order that was never placed")
        }
        let after = status(after: event, index)
        entries[index].status = after.rawValue
        guard inRange else {
            // An order's events are in time order (SPEC: out_of_order), so none before a range by
            // time follows one of its events in it.
            guard entries[index].events == 0 else {
                throw StoreError.damagedLog(seq: seq, detail: "its time is earlier than that of its order's events before it")
            }
            return
        }
        if entries[index].events == 0 {
            entries[index].statusBefore = before
            touched += 1
        }
        entries[index].events &+= 1
        events += 1
        byType[Int(event.kind.rawValue)] += 1
        let slot = Int(entries[index].currency)
        switch event.kind {
        case .placed:
            money[slot].gross += Int128(event.amount)
        case .paid:
            money[slot].captured += Int128(event.amount)
            entries[index].paid = try sum(entries[index].paid, event.amount, seq: seq)
        case .cancelled, .refunded:
            money[slot].refunded += Int128(event.amount)
            entries[index].refunded = try sum(entries[index].refunded, event.amount, seq: seq)
        case .shipped, .delivered:
            return
        }
        moved[slot] = true
    }

    /// The order's status after `event` (as `OrderService.evolve` has it), its unpaid sum updated.
    private mutating func status(after event: EncodedEvent, _ index: Int) -> OrderStatus {
        switch event.kind {
        case .placed:
            return .placed
        case .paid:
            entries[index].unpaid &-= event.amount
            return entries[index].unpaid == 0 ? .paid : .partiallyPaid
        case .shipped: return .shipped
        case .delivered: return .delivered
        case .cancelled: return .cancelled
        case .refunded:
            // A refund leaves the status as it was (always one of a placed order).
            return OrderStatus(rawValue: entries[index].status)!
        }
    }

    /// The place of `currency` in `currencies`, added when first met.
    private mutating func currency(_ currency: Currency, seq: UInt64) throws(StoreError) -> UInt16 {
        if let place = currencies.firstIndex(of: currency) { return UInt16(place) }
        guard currencies.count < Int(UInt16.max) else {
            throw StoreError.damagedLog(seq: seq, detail: "it names a currency past the \(UInt16.max) any log can hold")
        }
        currencies.append(currency)
        money.append(MoneyMoved())
        moved.append(false)
        return UInt16(currencies.count - 1)
    }

    /// `total + amount`, or the damage it would overflow (an order's own sums fit 64 bits).
    private func sum(_ total: Int64, _ amount: Int64, seq: UInt64) throws(StoreError) -> Int64 {
        let (result, overflow) = total.addingReportingOverflow(amount)
        guard !overflow else { throw StoreError.damagedLog(seq: seq, detail: "its amount overflows its order's sum") }
        return result
    }

    /// The change from `from` to `to`, without its orders (`TouchedOrders` hands them over).
    func change(from: AsOf, to: AsOf) -> LedgerChange {
        let counts = Dictionary(uniqueKeysWithValues: EventKind.allCases.map { ($0, byType[Int($0.rawValue)]) })
        var amounts: [Currency: MoneyMoved] = [:]
        for (slot, currency) in currencies.enumerated() where moved[slot] { amounts[currency] = money[slot] }
        return LedgerChange(from: from, to: to, events: events, byType: counts, money: amounts, orders: [])
    }

    /// Whether order number `index` has events in range (none past the orders).
    func isTouched(_ index: Int) -> Bool { index < orders && entries[index].events > 0 }

    /// The order number `index` that the range touched (`isTouched`), as the port hands it over.
    func touchedOrder(_ index: Int) -> TouchedOrder {
        precondition(isTouched(index), "order number \(index) was not touched")
        let entry = entries[index]
        return TouchedOrder(
            statusBefore: OrderStatus(rawValue: entry.statusBefore), statusAfter: OrderStatus(rawValue: entry.status)!,
            currency: currencies[Int(entry.currency)], events: Int(entry.events), paid: entry.paid, refunded: entry.refunded)
    }
}
