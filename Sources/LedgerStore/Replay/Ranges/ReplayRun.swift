internal import LMDB
internal import LedgerDomain

/// The replay of one range of the log, in progress.
///
/// The hot path allocates nothing per event: events are read in place (`EncodedEvent`), order
/// states and rows sit in arrays by dense number, and a `cancelled` reads the lines it needs from
/// its order's `placed` event, still in the memory map (it stays valid while the transaction does).
/// Events of orders placed before the range are deferred to the join (`ReplayJoin`).
struct ReplayRun {
    private let service = OrderService()
    private let collectingNames: Bool
    /// Events later than this are left out (an `--as-of` time); their orders' `placed` events
    /// still take their numbers, with latest seq 0: not placed yet.
    private let cutoff: Timestamp
    /// What the numbers of an event may be; an event out of bounds is a problem, never folded.
    private let bounds: EventBounds
    private var part = ReplayedPart()
    /// The rows, their changes folded a batch at a time in row order.
    private var rows: StagedRows
    /// How many threads will fold the deferred events (`DeferredFold`).
    private let partitions: Int
    /// The map whose pages the replay releases, if it does.
    private let region: MappedRegion?
    /// The cancels whose lines are taken back when the range is folded (`CancelledLines`).
    private var cancelled = CancelledLines()
    /// The links of the hash chain in this range, recomputed as its events are folded (verify).
    private var chain: ChainRun?
    /// The count of the map's drops (`MappedRegion.releases`) last seen, and how many orders the
    /// range had placed by then: the `placed` events of those placed since were read in the map
    /// after every drop so far, so a cancel reads their lines in place, not with `pread`.
    private var releasesSeen: Int
    private var mappedFrom = 0

    /// `collectingNames`: also gather the ids the log names (for verify). `expected` sizes the
    /// arrays up front (a hint: they grow past it). `bounds`: what each event's numbers may be.
    /// `rows`: where to fold (a thread folds all its ranges into the same rows). `cutoff`: leave
    /// out events later than this. `partitions`: how many threads will fold the deferred events.
    /// `region`: the map whose pages the replay releases, if it does (`CancelledLines`).
    /// `chain`: the links of the hash chain to recompute in this range, if any. `events`: how many
    /// events the range holds at most (each partition's list of deferred events gets room for its
    /// share of them once, on huge pages, instead of growing by copies; the lists of ids get room
    /// for the most the range can name).
    init(
        collectingNames: Bool, expected: ReplaySizes, bounds: EventBounds, rows: consuming ReplayRows,
        cutoff: Timestamp = Timestamp(milliseconds: .max), partitions: Int, region: MappedRegion? = nil, chain: ChainRun? = nil,
        events: Int = 0
    ) {
        self.region = region
        releasesSeen = MappedRegion.releases
        self.chain = chain
        self.collectingNames = collectingNames
        self.partitions = max(1, partitions)
        part.deferred = Array(repeating: [], count: self.partitions)
        // Room never touched costs no memory; a partition's share may run a little over (it grows then).
        let share = events / self.partitions + events / 16
        for index in part.deferred.indices { part.deferred[index].reserveCapacityOnHugePages(share) }
        if collectingNames {
            // A range names at most one order or customer per event, and no more than the store holds.
            part.orderIDs.reserve(ids: min(events, expected.orders))
            part.customerIDs.reserve(ids: min(events, expected.customers))
            part.skuIDs.reserve(ids: min(events * LedgerLimits.linesPerOrder.upperBound, expected.skus))
        }
        self.bounds = bounds
        self.cutoff = cutoff
        self.rows = StagedRows(rows)
        part.orders.reserveCapacityOnHugePages(expected.orders)
    }

    /// The position of order `number` among the orders placed in this range, if it was.
    private func position(of number: OrderNumber) -> Int? {
        guard let first = part.firstOrder, number.index >= first, number.index - first < part.orders.count else { return nil }
        return number.index - first
    }

    /// Starts loading the order's entry that folding `bytes` (an event `ReplayCore.lookahead`
    /// places ahead) will touch (the rows' changes are folded in batches: `StagedRows`). It only
    /// reads: what it cannot make sense of, the fold will report.
    /// An event left out (`--as-of` a time) folds into nothing: nothing is loaded for it.
    // Mutating: called on the scan's `var`, a non-mutating call copied the run.
    mutating func prepare(_ bytes: UnsafeRawBufferPointer) {
        guard let peek = EncodedEvent.Peek(bytes), peek.at <= cutoff, peek.kind != .placed,
            let position = position(of: peek.order)
        else { return }
        Self.prefetch(part.orders, position)
    }

    // Safe: `position` is one of the array's.
    private static func prefetch(_ array: [ReplayedOrder], _ position: Int) {
        array.withUnsafeBufferPointer { ReplayedOrder.prefetch($0.baseAddress! + position) }
    }

    /// Folds the event at `seq`, whose bytes are `bytes`.
    mutating func fold(seq: UInt64, bytes: UnsafeRawBufferPointer) {
        if let last = part.lastSeq, seq != last + 1 { problem("the log jumps from seq \(last) to \(seq)") }
        if part.firstSeq == nil { part.firstSeq = seq }
        part.lastSeq = seq
        chain?.add(seq: seq, bytes)
        let event: EncodedEvent
        do {
            event = try EncodedEvent(bytes)
        } catch .corrupt(let detail) {
            return problem("seq \(seq) does not decode: \(detail)")
        } catch {
            return problem("seq \(seq) does not decode")
        }
        if let wrong = bounds.problem(with: event, seq: seq) { return problem("seq \(seq): \(wrong)") }
        if event.carriesCommandID { part.commandIDs.add(seq) }
        let included = event.at <= cutoff
        if event.kind == .placed {
            place(event, seq: seq, included: included)
        } else if included {
            advance(event, seq: seq)
        }
    }

    /// What the range gave, and the rows (handed over, every change staged folded in).
    // Mutating, not consuming: a consuming method held its rows twice while they were folded into,
    // and the first change copied them whole.
    mutating func finish() -> (part: ReplayedPart, rows: ReplayRows) {
        part.confirmsChain = chain?.confirmed ?? false
        cancelled.takeBack(from: &rows, releasing: region)
        return (part, rows.finish())
    }

    private mutating func place(_ event: EncodedEvent, seq: UInt64, included: Bool) {
        let number = event.order.index
        if part.firstOrder == nil {
            part.firstOrder = number
            part.firstOrderSeq = seq
        }
        let expected = part.firstOrder! + part.orders.count
        guard number == expected else { return problem("seq \(seq) places order number \(number), expected \(expected)") }
        guard event.version == 1, event.previousSeq == 0 else {
            return problem("seq \(seq) places an order at version \(event.version)")
        }
        if event.namesNewCustomer {
            if part.firstCustomer == nil {
                part.firstCustomer = event.customer.index
                part.firstCustomerSeq = seq
            }
            let expected = part.firstCustomer! + part.customersNamed
            if event.customer.index != expected {
                problem("seq \(seq) names customer number \(event.customer.index), expected \(expected)")
            }
            part.customersNamed += 1
        }
        if collectingNames { collectNames(of: event) }
        let after = service.evolve(nil, event)
        part.orders.append(ReplayedOrder(state: after, lastSeq: included ? seq : 0, placedEvent: event.start))
        guard included else { return }
        ReadModelFold.apply(event, before: nil, after: after, placedLines: event.lines, to: &rows)
    }

    private mutating func advance(_ event: EncodedEvent, seq: UInt64) {
        let number = event.order.index
        if part.firstOrder.map({ number < $0 }) ?? true {
            return deferToJoin(event, seq: seq)
        }
        guard let position = position(of: event.order) else {
            return problem("seq \(seq) is a \(event.kind) event of order number \(number), which was never placed")
        }
        let before = part.orders[position].state
        if let broken = ReplayRun.streamBreak(
            order: event.order, version: event.version, previousSeq: event.previousSeq, seq: seq, before: before,
            lastSeq: part.orders[position].lastSeq)
        {
            problem(broken)
        }
        let after = service.evolve(before, event)
        part.orders[position].state = after
        part.orders[position].lastSeq = seq
        // Only a cancel reads where its order's `placed` event lies (one memory access fewer for every other event).
        let takesBackNow = event.kind == .cancelled && placedEventIsMapped(position)
        let lines =
            takesBackNow
            ? EncodedEvent.lines(ofPlacedEventAt: part.orders[position].placedEvent, count: Int(before.lineCount))
            : EncodedEventLines(base: event.start, count: 0)
        ReadModelFold.apply(event, before: before, after: after, placedLines: lines, to: &rows)
        if event.kind == .cancelled, !takesBackNow {
            cancelled.add(
                placedEventAt: part.orders[position].placedEvent, lineCount: Int(before.lineCount), currency: after.currency)
        }
    }

    /// Whether the `placed` event of the order at `position` was read in the map since the map's
    /// pages were last dropped (an order cancelled soon after it was placed), or the map's pages
    /// are never dropped: a cancel then reads its lines there at once, otherwise later
    /// (`CancelledLines`).
    private mutating func placedEventIsMapped(_ position: Int) -> Bool {
        guard region != nil else { return true }
        let releases = MappedRegion.releases
        if releases != releasesSeen {
            releasesSeen = releases
            mappedFrom = part.orders.count
        }
        return position >= mappedFrom
    }

    /// What is wrong with an event of `order` at stream version `version`, pointing back to
    /// `previousSeq`, following its order's state `before` and latest seq, if anything.
    static func streamBreak(
        order: OrderNumber, version: UInt32, previousSeq: UInt64, seq: UInt64, before: OrderState, lastSeq: UInt64
    ) -> String? {
        if version != before.version + 1 {
            return "seq \(seq): order number \(order.index) jumps from version \(before.version) to \(version)"
        }
        if previousSeq != lastSeq {
            return "seq \(seq): order number \(order.index)'s stream points back to \(previousSeq), not \(lastSeq)"
        }
        return nil
    }

    /// Keeps an event of an order placed before this range for the join.
    private mutating func deferToJoin(_ event: EncodedEvent, seq: UInt64) {
        part.deferred[DeferredFold.partition(of: event.order.rawValue, among: partitions)].append(DeferredEvent(event, seq: seq))
    }

    private mutating func collectNames(of event: EncodedEvent) {
        // Checked when `event` was made.
        try? event.withNames(
            order: { part.orderIDs.append($0) }, customer: { part.customerIDs.append($0) }, sku: { part.skuIDs.append($0) })
    }

    private mutating func problem(_ text: String) {
        if part.problems.count < 1_000 { part.problems.append(text) }
    }
}
