internal import LedgerDomain

/// Joins the parts of a replay in log order: it checks the seams (seq, order and customer
/// numbering), folds each part's deferred events onto the orders before it with the same
/// `evolve` and `ReadModelFold`, and adds the rows up (folding is additive).
struct ReplayJoin {
    private let service = OrderService()
    private(set) var orders: [[OrderState]] = []
    private(set) var lastSeqs: [[UInt64]] = []
    private var placedSeqs: [[UInt64]] = []
    /// The number each segment starts at, and one past the last.
    private var starts = [0]
    private(set) var readModels = InMemoryReadModels()
    private(set) var problems: [String] = []
    private(set) var orderIDs: [String] = []
    private(set) var customerIDs: [String] = []
    private(set) var skuIDs: [String] = []
    /// The last seq joined so far (0: none).
    private(set) var lastSeq: UInt64 = 0
    private var customersNamed = 0

    /// Appends the part that follows the ones joined so far, taking over its arrays (so that
    /// folding later deferred events into them copies nothing). `placedEvent` reads the event at
    /// a seq from the log (a deferred `cancelled` needs its order's lines).
    mutating func append(_ part: consuming ReplayedPart, placedEvent: (UInt64) throws -> UnsafeRawBufferPointer?) throws {
        if let first = part.firstSeq, first != lastSeq + 1 { problem("the log jumps from seq \(lastSeq) to \(first)") }
        lastSeq = part.lastSeq ?? lastSeq
        try part.deferredBytes.withUnsafeBytes { bytes in
            for item in part.deferred {
                let event = UnsafeRawBufferPointer(rebasing: bytes[item.start..<(item.start + item.count)])
                try foldDeferred(event, seq: item.seq, placedEvent: placedEvent)
            }
        }
        if let first = part.firstOrder, first != starts.last! {
            problem("seq \(part.firstOrderSeq) places order number \(first), expected \(starts.last!)")
        }
        if let first = part.firstCustomer, first != customersNamed {
            problem("seq \(part.firstCustomerSeq) names customer number \(first), expected \(customersNamed)")
        }
        customersNamed += part.customersNamed
        starts.append(starts.last! + part.orders.count)
        orders.append(part.orders)
        lastSeqs.append(part.lastSeqs)
        placedSeqs.append(part.placedSeqs)
        part.orders = []
        part.lastSeqs = []
        part.placedSeqs = []
        if orders.count == 1 {
            readModels = part.readModels
        } else {
            readModels.merge(part.readModels)
        }
        orderIDs += part.orderIDs
        customerIDs += part.customerIDs
        skuIDs += part.skuIDs
        for text in part.problems { problem(text) }
    }

    private mutating func foldDeferred(
        _ bytes: UnsafeRawBufferPointer, seq: UInt64, placedEvent: (UInt64) throws -> UnsafeRawBufferPointer?
    ) throws {
        guard let event = try? EncodedEvent(bytes) else { return }  // checked before it was deferred
        let number = event.order.index
        guard number < starts.last! else {
            return problem("seq \(seq) is a \(event.kind) event of order number \(number), which was never placed")
        }
        var segment = 0
        while number >= starts[segment + 1] { segment += 1 }
        let position = number - starts[segment]
        let before = orders[segment][position]
        if let broken = ReplayRun.streamBreak(event, seq: seq, before: before, lastSeq: lastSeqs[segment][position]) {
            problem(broken)
        }
        let after = service.evolve(before, event)
        orders[segment][position] = after
        lastSeqs[segment][position] = seq
        var lines = EncodedEvent.lines(ofPlacedEventAt: bytes.baseAddress!, count: 0)
        if event.kind == .cancelled {
            let placedSeq = placedSeqs[segment][position]
            guard let placed = try placedEvent(placedSeq).flatMap({ try? EncodedEvent($0) }) else {
                return problem("seq \(placedSeq), which placed order number \(number), cannot be read back")
            }
            lines = EncodedEvent.lines(ofPlacedEventAt: placed.start, count: Int(before.lineCount))
        }
        ReadModelFold.apply(event, before: before, after: after, placedLines: lines, to: &readModels)
    }

    private mutating func problem(_ text: String) {
        if problems.count < 1_000 { problems.append(text) }
    }
}
