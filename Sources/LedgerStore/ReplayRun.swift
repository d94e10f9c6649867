internal import LedgerDomain

/// One thread's replay in progress: what it has folded so far, and the log invariants it checks.
///
/// The hot path allocates nothing per event: events are read in place (`EncodedEvent`), order
/// states and rows sit in arrays by dense number, and a `cancelled` reads the lines it needs from
/// its order's `placed` event, still in the memory map (it stays valid while the transaction does).
/// It folds only its partition's orders; the first partition also checks the log as a whole.
struct ReplayRun {
    private let service = OrderService()
    private let partition: ReplayPartition
    private let collectingNames: Bool
    private var ledger = ReplayedPart()
    private var rows: ReplayRows
    /// Where each order's `placed` event lies in the map, by position in the partition.
    private var placedEvents: [UnsafeRawPointer] = []
    private var expectedSeq: UInt64 = 1
    /// Orders placed and customers named so far in the whole log (first partition only).
    private var ordersPlaced = 0
    private var customersNamed = 0
    private var problems: [String] = []

    /// `collectingNames`: also gather the ids the log names, by dense number (for verify; only the
    /// first partition does). `expected` sizes the arrays up front (a hint: they grow past it).
    init(_ partition: ReplayPartition, collectingNames: Bool, expected: ReplaySizes) {
        self.partition = partition
        self.collectingNames = collectingNames && partition.checksWholeLog
        rows = ReplayRows(customers: expected.customers, skus: expected.skus)
        let orders = expected.orders / partition.count + 1
        ledger.orders.reserveCapacity(orders)
        ledger.lastSeqs.reserveCapacity(orders)
        placedEvents.reserveCapacity(orders)
    }

    /// Starts loading the rows that folding `bytes` (an event a few places ahead) will touch.
    /// It only reads: what it cannot make sense of, the fold will report.
    mutating func prepare(_ bytes: UnsafeRawBufferPointer) {
        guard let peek = EncodedEvent.Peek(bytes), partition.owns(peek.order) else { return }
        if peek.kind == .placed {
            rows.prefetchCustomer(peek.customer)
            for sku in peek.skus { rows.prefetchSKU(sku) }
        } else if case let position = partition.position(of: peek.order), position < ledger.orders.count {
            rows.prefetchCustomer(ledger.orders[position].customer)
            if peek.kind == .cancelled {
                for line in placedLines(at: position, count: Int(ledger.orders[position].lineCount)) {
                    rows.prefetchSKU(line.sku)
                }
            }
        }
    }

    /// Folds the event at `seq`, whose bytes are `bytes`, if it is this partition's.
    mutating func fold(seq: UInt64, bytes: UnsafeRawBufferPointer) {
        if partition.checksWholeLog, seq != expectedSeq { problem("the log jumps from seq \(expectedSeq - 1) to \(seq)") }
        expectedSeq = seq + 1
        ledger.headSeq = seq
        let peek = EncodedEvent.Peek(bytes)
        // An event of another partition is that partition's to check; one too damaged to name its
        // order is the first partition's.
        guard peek.map({ partition.owns($0.order) }) ?? partition.checksWholeLog else {
            if partition.checksWholeLog, let peek, peek.kind == .placed { checkPlacement(peek, seq: seq) }
            return
        }
        let event: EncodedEvent
        do {
            event = try EncodedEvent(bytes)
        } catch {
            return problem("seq \(seq) does not decode: \(error)")
        }
        if event.kind == .placed {
            if partition.checksWholeLog, let peek { checkPlacement(peek, seq: seq) }
            place(event, seq: seq)
        } else {
            advance(event, seq: seq)
        }
    }

    /// This partition's orders (by position), rows and problems.
    consuming func finish() -> ReplayedPart {
        ledger.readModels = rows.finished()
        ledger.problems = problems
        return ledger
    }

    /// Checks a `placed` event against the whole log's numbering, and gathers its names. Its
    /// header is all it reads: the rest is checked by the partition that folds it.
    private mutating func checkPlacement(_ event: EncodedEvent.Peek, seq: UInt64) {
        let index = event.order.index
        guard index == ordersPlaced else {
            return problem("seq \(seq) places order number \(index), expected \(ordersPlaced)")
        }
        guard event.version == 1, event.previousSeq == 0 else {
            return problem("seq \(seq) places an order at version \(event.version)")
        }
        ordersPlaced += 1
        if event.namesNewCustomer {
            if event.customer.index != customersNamed {
                problem("seq \(seq) names customer number \(event.customer.index), expected \(customersNamed)")
            }
            customersNamed += 1
        }
        if collectingNames { collectNames(of: event) }
    }

    /// Folds a `placed` event of this partition (one that breaks the numbering was reported by
    /// `checkPlacement` and is skipped).
    private mutating func place(_ event: EncodedEvent, seq: UInt64) {
        guard partition.position(of: event.order) == ledger.orders.count, event.version == 1, event.previousSeq == 0 else {
            return
        }
        let after = service.evolve(nil, event)
        ledger.orders.append(after)
        ledger.lastSeqs.append(seq)
        placedEvents.append(event.start)
        ReadModelFold.apply(event, before: nil, after: after, placedLines: event.lines, to: &rows)
    }

    private mutating func advance(_ event: EncodedEvent, seq: UInt64) {
        let index = event.order.index
        let position = partition.position(of: event.order)
        guard position < ledger.orders.count else {
            return problem("seq \(seq) is a \(event.kind) event of order number \(index), which was never placed")
        }
        let before = ledger.orders[position]
        if event.version != before.version + 1 {
            problem("seq \(seq): order number \(index) jumps from version \(before.version) to \(event.version)")
        }
        if event.previousSeq != ledger.lastSeqs[position] {
            problem("seq \(seq): order number \(index)'s stream points back to \(event.previousSeq), not \(ledger.lastSeqs[position])")
        }
        let after = service.evolve(before, event)
        ledger.orders[position] = after
        ledger.lastSeqs[position] = seq
        let lines = placedLines(at: position, count: event.kind == .cancelled ? Int(before.lineCount) : 0)
        ReadModelFold.apply(event, before: before, after: after, placedLines: lines, to: &rows)
    }

    /// The first `count` lines of the `placed` event of the order at `position`.
    private func placedLines(at position: Int, count: Int) -> EncodedEventLines {
        EncodedEvent.lines(ofPlacedEventAt: placedEvents[position], count: count)
    }

    private mutating func collectNames(of event: EncodedEvent.Peek) {
        // An event that does not decode is reported by the partition that folds it.
        guard let names = try? EncodedEvent(event.bytes).names() else { return }
        ledger.orderIDs.append(names.order ?? "")
        if let customer = names.customer { ledger.customerIDs.append(customer) }
        ledger.skuIDs.append(contentsOf: names.skus)
    }

    private mutating func problem(_ text: String) {
        if problems.count < 1_000 { problems.append(text) }
    }
}
