internal import LMDB
internal import LedgerDomain

/// Joins the parts of a replay in log order: it checks the seams (seq, order and customer
/// numbering), takes over each part's arrays, and then has the parts' deferred events folded onto
/// the orders before them (`DeferredFold`), split by order number among the replay's threads, each
/// into the rows it folded its ranges into (folding is additive).
struct ReplayJoin {
    private(set) var orders: [[ReplayedOrder]] = []
    /// The number each segment starts at, and one past the last.
    private var starts = [0]
    /// Each part's deferred events (by partition), and how many orders the parts before it placed.
    private var deferred: [[[DeferredEvent]]] = []
    private var placedBefore: [Int] = []
    /// The customers, revenue, skus and status rows, once the threads' rows are added up.
    var rows = ReplayRows(customers: 0, skus: 0)
    private(set) var problems: [String] = []
    private(set) var orderIDs = NameList()
    private(set) var customerIDs = NameList()
    private(set) var skuIDs = NameList()
    /// The last seq joined so far (0: none).
    private(set) var lastSeq: UInt64 = 0
    private var customersNamed = 0
    /// Whether every part appended confirmed its links of the hash chain (none appended: `true`).
    private(set) var confirmsChain = true
    /// The seqs of the events flagged as accepted with a command id, over the parts appended.
    private(set) var commandIDs = CommandTally()
    /// The first and last key of the leaves of `log` the parts' scans read whole (when asked for).
    private(set) var logLeaves = LeafEdges()

    /// Appends the part that follows the ones joined so far, taking over its arrays (so that
    /// folding its deferred events into them copies nothing).
    mutating func append(_ part: consuming ReplayedPart) {
        if let first = part.firstSeq, first != lastSeq + 1 { problem("the log jumps from seq \(lastSeq) to \(first)") }
        lastSeq = part.lastSeq ?? lastSeq
        confirmsChain = confirmsChain && part.confirmsChain
        commandIDs.add(part.commandIDs)
        logLeaves.append(part.logLeaves)
        part.logLeaves = LeafEdges()
        deferred.append(part.deferred)
        placedBefore.append(starts.last!)
        part.deferred = []
        if let first = part.firstOrder, first != starts.last! {
            problem("seq \(part.firstOrderSeq) places order number \(first), expected \(starts.last!)")
        }
        if let first = part.firstCustomer, first != customersNamed {
            problem("seq \(part.firstCustomerSeq) names customer number \(first), expected \(customersNamed)")
        }
        customersNamed += part.customersNamed
        starts.append(starts.last! + part.orders.count)
        orders.append(part.orders)
        part.orders = []
        orderIDs.append(contentsOf: part.orderIDs)
        customerIDs.append(contentsOf: part.customerIDs)
        skuIDs.append(contentsOf: part.skuIDs)
        part.orderIDs = NameList()
        part.customerIDs = NameList()
        part.skuIDs = NameList()
        for text in part.problems { problem(text) }
    }

    /// Folds the deferred events of every part appended since the last call (a replay's epoch),
    /// split into `partitions` by order number:
    /// `run` must have `fold(partition:into:)` called once for each partition (on any threads, at
    /// the same time) before it returns, and give back every problem they found.
    /// `region`: the map whose pages the replay releases, if it does (cancels then take back their
    /// orders' lines once their partition is folded: `CancelledLines`).
    mutating func foldDeferred<E: Error>(
        partitions: Int, releasing region: MappedRegion?, _ run: (DeferredFold) throws(E) -> [DeferredProblem]
    ) throws(E) {
        let deferred = deferred
        let placedBefore = placedBefore
        let starts = starts
        self.deferred = []
        self.placedBefore = []
        let found = try Self.withBuffers(of: &orders) { (orders) throws(E) in
            try run(
                DeferredFold(
                    partitions: partitions, deferred: deferred, placedBefore: placedBefore, starts: starts, orders: orders,
                    region: region))
        }
        for item in found.sorted(by: { $0.seq < $1.seq }) { problem(item.text) }
    }

    /// Lends `body` the buffers of every segment at once. Each segment is moved out of `segments`
    /// while it is lent, so each buffer is its array's own storage, never a copy.
    private static func withBuffers<Element, R, E: Error>(
        of segments: inout [[Element]], from index: Int = 0, _ lent: [UnsafeMutableBufferPointer<Element>] = [],
        _ body: ([UnsafeMutableBufferPointer<Element>]) throws(E) -> R
    ) throws(E) -> R {
        guard index < segments.count else { return try body(lent) }
        var segment: [Element] = []
        swap(&segment, &segments[index])
        defer { swap(&segment, &segments[index]) }
        let outcome = segment.withUnsafeMutableBufferPointer { buffer in
            Result { () throws(E) in try withBuffers(of: &segments, from: index + 1, lent + [buffer], body) }
        }
        return try outcome.get()
    }

    private mutating func problem(_ text: String) {
        if problems.count < 1_000 { problems.append(text) }
    }
}
