internal import CPrefetch
internal import LMDB
internal import LedgerDomain

/// Folds the deferred events of a replay's parts (events of orders placed in an earlier range)
/// onto their orders, with the same `evolve` and `ReadModelFold` as the ranges, split into
/// partitions by order number so that the replay's threads share the work: each thread folds
/// one partition's events, in log order, into its own rows, and writes only its own orders.
// Safe: the buffers are the segments' arrays, lent by `ReplayJoin.foldDeferred` for as long as the
// folds run; two partitions never write the same order (nor one cache line of them: a partition
// takes blocks of `1 << blockShift` orders). The pointers point into the replay's maps (see `DeferredEvent`).
struct DeferredFold: @unchecked Sendable {
    let partitions: Int
    /// Each part's deferred events, one list per partition.
    let deferred: [[[DeferredEvent]]]
    let placedBefore: [Int]
    let starts: [Int]
    let orders: [UnsafeMutableBufferPointer<ReplayedOrder>]
    /// The map whose pages to drop now and then (the deferred events lie all over the log).
    let region: MappedRegion?

    /// Orders per block of a partition: a power of two, so that blocks of order states of
    /// different partitions never share a cache line.
    static let blockShift: UInt32 = 6

    /// How many events a partition folds between two releases of the mapped pages (a power of
    /// two): fewer than the scan, because the deferred events lie all over the log and each
    /// fault maps the pages around the one read (the kernel's fault-around), so the pages mapped
    /// add up faster than the events folded.
    static let releaseInterval = 1 << 14

    /// How many of a partition's events ahead of the fold have their order's state prefetched.
    static let lookahead = 16

    /// How many of a partition's events are put in order of their orders' numbers at a time
    /// (`Window`): few enough that the log's pages they lie on stay within the TLB's reach.
    static let windowSize = 1 << 13

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

    /// Finds where the order of event `index` of `events` lies and starts bringing the event and
    /// its order's entry into the cache (each load would otherwise wait for memory). `limit`: how many orders the parts before it placed.
    // Safe: a prefetch only hints the cache; the position is checked against its segment first.
    private func pending(_ index: Int, of events: [DeferredEvent], _ limit: Int) -> Pending {
        // The event itself too: the scan read it long ago, so it has left the cache.
        let item = events[index]
        cprefetch_for_write(item.start)
        cprefetch_for_write(item.start + Int(item.count) - 1)
        let number = Int(item.order)
        guard number < limit else { return Pending(index: index) }
        let (segment, position) = locate(number)
        guard position < orders[segment].count else { return Pending(index: index) }
        ReplayedOrder.prefetch(orders[segment].baseAddress! + position)
        return Pending(index: index, segment: segment, position: position)
    }

    /// Folds partition `partition`'s events into `rows`; gives back the problems found (the
    /// 1,000 with the lowest seqs, as many as the join lists).
    ///
    /// The events are folded a window of `windowSize` at a time, each window in the order of its
    /// orders' numbers (`BlockOrder`; an order's events stay in log order): the orders' entries
    /// are then reached in ascending addresses, so their pages come one after the other instead
    /// of at random (a TLB miss per event, whose page walk a prefetch waits for), and the
    /// window's events lie on few enough pages of the log to stay within the TLB's reach.
    func fold(partition: Int, into replayRows: inout ReplayRows) -> [DeferredProblem] {
        let service = OrderService()
        // The rows' changes folded a batch at a time in row order; `replayRows` is left empty
        // meanwhile, so that the staged rows are the only ones holding their arrays.
        var taken = ReplayRows(customers: 0, skus: 0)
        swap(&taken, &replayRows)
        var rows = StagedRows(consume taken)
        var problems: [DeferredProblem] = []
        var folded = 0
        let mask = Self.lookahead - 1
        // The partition's next events in a ring: each has its order's entry prefetched when it enters.
        var ring = [Pending](repeating: Pending(), count: Self.lookahead)
        let placed = PlacedLinesReader(region: region)
        var window = BlockOrder(keys: starts.last!, capacity: Self.windowSize)
        for (part, lists) in deferred.enumerated() {
            let events = lists[partition]
            let limit = placedBefore[part]
            var first = 0
            var count = 0
            // The events from `windowStart` are entered in the ring in `window`'s order; `next` is the next to enter.
            var windowStart = 0
            var next = 0
            window.removeAll()
            while true {
                while count < Self.lookahead {
                    if next == window.count {
                        windowStart += window.count
                        guard windowStart < events.count else { break }
                        let start = windowStart
                        window.arrange(count: min(events.count - start, Self.windowSize)) { Int(events[start + $0].order) }
                        next = 0
                    }
                    ring[(first + count) & mask] = pending(windowStart + window[next], of: events, limit)
                    count += 1
                    next += 1
                }
                guard count > 0 else { break }
                let current = ring[first]
                first = (first + 1) & mask
                count -= 1
                folded += 1
                if folded & (Self.releaseInterval - 1) == 0 { region?.releasePages() }
                let item = events[current.index]
                guard let event = try? EncodedEvent(item.bytes) else { continue }  // checked before it was deferred
                guard current.segment >= 0 else {
                    let text = "seq \(item.seq) is a \(event.kind) event of order number \(item.order), which was never placed"
                    Self.keep(DeferredProblem(seq: item.seq, text: text), in: &problems)
                    continue
                }
                let (segment, position) = (current.segment, current.position)
                let entry = orders[segment].baseAddress! + position
                let before = entry.pointee.state
                if let broken = ReplayRun.streamBreak(event, seq: item.seq, before: before, lastSeq: entry.pointee.lastSeq) {
                    Self.keep(DeferredProblem(seq: item.seq, text: broken), in: &problems)
                }
                let after = service.evolve(before, event)
                entry.pointee.state = after
                entry.pointee.lastSeq = item.seq
                // Only a cancel reads where its order's `placed` event lies (one memory access fewer for every other event).
                let lines =
                    event.kind == .cancelled
                    ? placed.lines(ofPlacedEventAt: entry.pointee.placedEvent, count: Int(before.lineCount))
                    : EncodedEventLines(base: event.start, count: 0)
                ReadModelFold.apply(event, before: before, after: after, placedLines: lines, to: &rows)
            }
        }
        // The pages this fold mapped would otherwise stay until the replay ends, beside the rows
        // made into read models (the replay's peak of resident memory).
        region?.releasePages()
        replayRows = rows.finish()
        return Self.lowest(problems)
    }

    /// How many problems a fold gives back at most (the join lists no more).
    static let problemLimit = 1_000

    /// Adds `problem` to `problems`, which keep no more than twice `problemLimit`: the events are
    /// not folded in log order, so the ones with the lowest seqs are only known at the end.
    private static func keep(_ problem: DeferredProblem, in problems: inout [DeferredProblem]) {
        problems.append(problem)
        if problems.count >= 2 * problemLimit { problems = lowest(problems) }
    }

    /// The `problemLimit` problems of `problems` with the lowest seqs, in log order.
    private static func lowest(_ problems: [DeferredProblem]) -> [DeferredProblem] {
        Array(problems.sorted { $0.seq < $1.seq }.prefix(problemLimit))
    }
}
