internal import LedgerDomain

/// One replay in progress: what it has folded so far, and the log invariants it checks.
///
/// The hot path allocates nothing per event: events are read in place (`EncodedEvent`), order
/// states and rows sit in arrays by dense number, and a `cancelled` reads the lines it needs from
/// its order's `placed` event, still in the memory map (it stays valid while the transaction does).
struct ReplayRun {
    private let service = OrderService()
    private let collectingNames: Bool
    private var ledger = ReplayedLedger()
    private var rows: ReplayRows
    /// Where each order's `placed` event lies in the map, by order number.
    private var placedEvents: [UnsafeRawPointer] = []
    private var expectedSeq: UInt64 = 1
    private var customersNamed = 0
    private var problems: [String] = []

    /// `collectingNames`: also gather the ids the log names, by dense number (for verify).
    /// `expected` sizes the arrays up front (a hint: they grow past it if need be).
    init(collectingNames: Bool, expected: ReplaySizes) {
        self.collectingNames = collectingNames
        rows = ReplayRows(customers: expected.customers, skus: expected.skus)
        ledger.orders.reserveCapacity(expected.orders)
        ledger.lastSeqs.reserveCapacity(expected.orders)
        placedEvents.reserveCapacity(expected.orders)
    }

    /// Starts loading the rows that folding `bytes` (an event a few places ahead) will touch.
    /// It only reads: what it cannot make sense of, the fold will report.
    mutating func prepare(_ bytes: UnsafeRawBufferPointer) {
        guard let peek = EncodedEvent.Peek(bytes) else { return }
        if peek.kind == .placed {
            rows.prefetchCustomer(peek.customer)
            for sku in peek.skus { rows.prefetchSKU(sku) }
        } else if peek.order.index < ledger.orders.count {
            let order = peek.order.index
            rows.prefetchCustomer(ledger.orders[order].customer)
            if peek.kind == .cancelled {
                for line in placedLines(of: order) { rows.prefetchSKU(line.sku) }
            }
        }
    }

    /// Folds the event at `seq`, whose bytes are `bytes`.
    mutating func fold(seq: UInt64, bytes: UnsafeRawBufferPointer) {
        if seq != expectedSeq { problem("the log jumps from seq \(expectedSeq - 1) to \(seq)") }
        expectedSeq = seq + 1
        ledger.headSeq = seq
        let event: EncodedEvent
        do {
            event = try EncodedEvent(bytes)
        } catch {
            return problem("seq \(seq) does not decode: \(error)")
        }
        if event.kind == .placed {
            place(event, seq: seq)
        } else {
            advance(event, seq: seq)
        }
    }

    /// Everything folded, with the problems found.
    consuming func finish() -> ReplayedLedger {
        ledger.readModels = rows.finished()
        ledger.problems = problems
        return ledger
    }

    private mutating func place(_ event: EncodedEvent, seq: UInt64) {
        let index = event.order.index
        guard index == ledger.orders.count else {
            return problem("seq \(seq) places order number \(index), expected \(ledger.orders.count)")
        }
        guard event.version == 1, event.previousSeq == 0 else {
            return problem("seq \(seq) places an order at version \(event.version)")
        }
        if event.namesNewCustomer {
            if event.customer.index != customersNamed {
                problem("seq \(seq) names customer number \(event.customer.index), expected \(customersNamed)")
            }
            customersNamed += 1
        }
        if collectingNames { collectNames(of: event) }
        let after = service.evolve(nil, event)
        ledger.orders.append(after)
        ledger.lastSeqs.append(seq)
        placedEvents.append(event.start)
        ReadModelFold.apply(event, before: nil, after: after, placedLines: event.lines, to: &rows)
    }

    private mutating func advance(_ event: EncodedEvent, seq: UInt64) {
        let index = event.order.index
        guard index < ledger.orders.count else {
            return problem("seq \(seq) is a \(event.kind) event of order number \(index), which was never placed")
        }
        let before = ledger.orders[index]
        if event.version != before.version + 1 {
            problem("seq \(seq): order \(orderName(index)) jumps from version \(before.version) to \(event.version)")
        }
        if event.previousSeq != ledger.lastSeqs[index] {
            problem("seq \(seq): order \(orderName(index))'s stream points back to \(event.previousSeq), not \(ledger.lastSeqs[index])")
        }
        let after = service.evolve(before, event)
        ledger.orders[index] = after
        ledger.lastSeqs[index] = seq
        let lines = EncodedEvent.lines(
            ofPlacedEventAt: placedEvents[index], count: event.kind == .cancelled ? Int(before.lineCount) : 0)
        ReadModelFold.apply(event, before: before, after: after, placedLines: lines, to: &rows)
    }

    /// The lines of order `index`'s `placed` event.
    private func placedLines(of index: Int) -> EncodedEventLines {
        EncodedEvent.lines(ofPlacedEventAt: placedEvents[index], count: Int(ledger.orders[index].lineCount))
    }

    private mutating func collectNames(of event: EncodedEvent) {
        guard let names = try? event.names() else { return }  // checked when `event` was made
        ledger.orderIDs.append(names.order ?? "")
        if let customer = names.customer { ledger.customerIDs.append(customer) }
        ledger.skuIDs.append(contentsOf: names.skus)
    }

    private func orderName(_ index: Int) -> String {
        index < ledger.orderIDs.count ? ledger.orderIDs[index] : "number \(index)"
    }

    private mutating func problem(_ text: String) {
        if problems.count < 1_000 { problems.append(text) }
    }
}
