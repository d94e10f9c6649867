internal import LedgerDomain
internal import LedgerServices

/// Joins the parts of a replay in log order: it checks the seams (seq, order and customer
/// numbering) and folds each part's deferred events onto the orders before it, with the same
/// `evolve` and `ReadModelFold`, into the rows the threads folded (folding is additive).
struct ReplayJoin {
    private let service = OrderService()
    private(set) var orders: [[OrderState]] = []
    private(set) var lastSeqs: [[UInt64]] = []
    /// The number each segment starts at, and one past the last.
    private var starts = [0]
    private(set) var readModels: InMemoryReadModels
    private(set) var problems: [String] = []
    private(set) var orderIDs: [String] = []
    private(set) var customerIDs: [String] = []
    private(set) var skuIDs: [String] = []
    /// The last seq joined so far (0: none).
    private(set) var lastSeq: UInt64 = 0
    private var customersNamed = 0

    /// Starts from the threads' rows, added up.
    init(readModels: InMemoryReadModels) {
        self.readModels = readModels
    }

    /// Appends the part that follows the ones joined so far, taking over its arrays (so that
    /// folding later deferred events into them copies nothing). `placedLines` reads an order's
    /// `placed` lines back from the log (a deferred `cancelled` needs them).
    mutating func append(_ part: consuming ReplayedPart, placedLines: (StoredOrder) throws -> [EventLine]) {
        if let first = part.firstSeq, first != lastSeq + 1 { problem("the log jumps from seq \(lastSeq) to \(first)") }
        lastSeq = part.lastSeq ?? lastSeq
        // Safe: the deferred events were copied out of the map; each slice is the range recorded when it was copied.
        part.deferredBytes.withUnsafeBytes { bytes in
            for item in part.deferred {
                let event = UnsafeRawBufferPointer(rebasing: bytes[item.start..<(item.start + item.count)])
                foldDeferred(event, seq: item.seq, placedLines: placedLines)
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
        part.orders = []
        part.lastSeqs = []
        orderIDs += part.orderIDs
        customerIDs += part.customerIDs
        skuIDs += part.skuIDs
        for text in part.problems { problem(text) }
    }

    private mutating func foldDeferred(
        _ bytes: UnsafeRawBufferPointer, seq: UInt64, placedLines: (StoredOrder) throws -> [EventLine]
    ) {
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
        var lines: [EventLine] = []
        if event.kind == .cancelled {
            do {
                lines = try placedLines(StoredOrder(number: event.order, state: before, lastSeq: lastSeqs[segment][position]))
            } catch StoreError.corrupt(let detail) {
                problem("seq \(seq): the lines that order number \(number) was placed with cannot be read back (\(detail))")
            } catch {
                problem("seq \(seq): the lines that order number \(number) was placed with cannot be read back (\(error))")
            }
        }
        let after = service.evolve(before, event)
        orders[segment][position] = after
        lastSeqs[segment][position] = seq
        ReadModelFold.apply(event, before: before, after: after, placedLines: lines, to: &readModels)
    }

    private mutating func problem(_ text: String) {
        if problems.count < 1_000 { problems.append(text) }
    }
}
