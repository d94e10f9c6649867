internal import LMDB
internal import LedgerDomain

/// Folds the deferred events of a replay's parts (events of orders placed in an earlier range)
/// onto their orders, with the same `evolve` and `ReadModelFold` as the ranges, split into
/// partitions by order number so that the replay's threads share the work: each thread folds
/// one partition's events, in log order, into its own rows, and writes only its own orders.
/// It reads the events in the map (`DeferredEvent`); when the map's pages are dropped as the
/// replay goes (a rebuild, verify), it drops them again whenever more than
/// `CancelledLines.mappedBudget` are mapped.
///
/// The buffers are the segments' arrays, lent by `ReplayJoin.foldDeferred` for as long as the
/// folds run. The orders' `placedEvent` and the deferred events point into the replay's maps.
// Safe: two partitions never write the same order (nor one cache line of them: a partition takes
// blocks of `1 << blockShift` orders), and the lent buffers and maps outlive the folds.
struct DeferredFold: @unchecked Sendable {
    let partitions: Int
    /// Each part's deferred events, one list per partition.
    let deferred: [[[DeferredEvent]]]
    let placedBefore: [Int]
    let starts: [Int]
    let orders: [UnsafeMutableBufferPointer<ReplayedOrder>]
    /// The map whose pages the replay releases, if it does: cancels then take back their
    /// orders' lines once the partition's events are folded (`CancelledLines`).
    let region: MappedRegion?

    /// Orders per block of a partition: a power of two, so that blocks of order states of
    /// different partitions never share a cache line.
    static let blockShift: UInt32 = 6

    /// How many of a partition's events ahead of the fold have their order's state prefetched
    /// (and as many again ahead of those, their bytes in the map).
    static let lookahead = 16

    /// How many events are folded between two looks at the map's pages mapped (a power of two):
    /// a rebuild's or verify's scan dropped them, and the events are read again in log order.
    static let releaseInterval = 1 << 12

    /// The partition that folds the deferred events of order `number`, of `count`: its block of
    /// orders, hashed (so that no pattern of the log favours one), scaled to `count` without a division.
    static func partition(of number: UInt32, among count: Int) -> Int {
        Int((UInt64((number >> blockShift) &* 0x9E37_79B1) &* UInt64(count)) >> 32)
    }

    /// A deferred event on its way to the fold: its index in its list, and where its order lies
    /// (segment -1: an order not placed before the event's range).
    private struct Pending {
        var index = 0
        var segment = -1
        var position = 0
    }

    /// Where order `number` lies: its segment and its position in it.
    private func locate(_ number: Int) -> (segment: Int, position: Int) {
        var segment = 0
        while number >= starts[segment + 1] { segment += 1 }
        return (segment, number - starts[segment])
    }

    /// Finds where the order of event `index` of `events` lies and starts bringing its order's
    /// entry into the cache (the load would otherwise wait for memory). `limit`: how many orders
    /// the parts before it placed.
    // Safe: a prefetch only hints the cache; the position is checked against its segment first.
    private func pending(_ index: Int, of events: [DeferredEvent], _ limit: Int) -> Pending {
        if index + Self.lookahead < events.count { events[index + Self.lookahead].prefetch() }
        let number = events[index].order.index
        guard number < limit else { return Pending(index: index) }
        let (segment, position) = locate(number)
        guard position < orders[segment].count else { return Pending(index: index) }
        ReplayedOrder.prefetch(orders[segment].baseAddress! + position)
        return Pending(index: index, segment: segment, position: position)
    }

    /// Folds partition `partition`'s events into `rows`; gives back the problems found.
    func fold(partition: Int, into replayRows: inout ReplayRows) -> [DeferredProblem] {
        let service = OrderService()
        // The rows' changes folded a batch at a time in row order (`StagedRows`); `replayRows` is
        // left empty meanwhile, so that the staged rows are the only ones holding their arrays.
        var taken = ReplayRows(customers: 0, skus: 0)
        swap(&taken, &replayRows)
        var rows = StagedRows(consume taken)
        var problems: [DeferredProblem] = []
        let mask = Self.lookahead - 1
        // The partition's next events in a ring: each has its order's entry prefetched when it enters.
        var ring = [Pending](repeating: Pending(), count: Self.lookahead)
        var cancelled = CancelledLines()
        for (part, lists) in deferred.enumerated() {
            let events = lists[partition]
            let limit = placedBefore[part]
            var first = 0
            var count = 0
            var next = 0
            for index in 0..<min(Self.lookahead, events.count) { events[index].prefetch() }
            while true {
                if next & (Self.releaseInterval - 1) == Self.releaseInterval - 1 {
                    region?.releasePages(ifMappedOver: CancelledLines.mappedBudget)
                }
                while count < Self.lookahead, next < events.count {
                    ring[(first + count) & mask] = pending(next, of: events, limit)
                    count += 1
                    next += 1
                }
                guard count > 0 else { break }
                let current = ring[first]
                first = (first + 1) & mask
                count -= 1
                let event = events[current.index]
                guard current.segment >= 0 else {
                    let text =
                        "seq \(event.seq) is a \(event.kind) event of order number \(event.order.index), which was never placed"
                    if problems.count < 1_000 { problems.append(DeferredProblem(seq: event.seq, text: text)) }
                    continue
                }
                let (segment, position) = (current.segment, current.position)
                let entry = orders[segment].baseAddress! + position
                let before = entry.pointee.state
                if let broken = ReplayRun.streamBreak(
                    order: event.order, version: event.version, previousSeq: event.previousSeq, seq: event.seq, before: before,
                    lastSeq: entry.pointee.lastSeq),
                    problems.count < 1_000
                {
                    problems.append(DeferredProblem(seq: event.seq, text: broken))
                }
                let after = service.evolve(before, event)
                entry.pointee.state = after
                entry.pointee.lastSeq = event.seq
                // Only a cancel reads where its order's `placed` event lies (one memory access fewer for
                // every other event); when the map's pages are dropped, once the partition is folded.
                let takesBackNow = event.kind == .cancelled && region == nil
                let lines = EncodedEvent.lines(
                    ofPlacedEventAt: entry.pointee.placedEvent, count: takesBackNow ? Int(before.lineCount) : 0)
                ReadModelFold.apply(event, before: before, after: after, placedLines: lines, to: &rows)
                if event.kind == .cancelled, !takesBackNow {
                    cancelled.add(
                        placedEventAt: entry.pointee.placedEvent, lineCount: Int(before.lineCount), currency: after.currency)
                }
            }
        }
        cancelled.takeBack(from: &rows, releasing: region)
        // The pages the cancels mapped would otherwise stay until the replay ends, beside the rows
        // made into read models (the replay's peak of resident memory).
        region?.releasePages()
        replayRows = rows.finish()
        return problems
    }
}
