internal import CPrefetch
internal import LMDB
internal import LedgerDomain

/// Folds the deferred events of a replay's parts (events of orders placed in an earlier range)
/// onto their orders, with the same `evolve` and `ReadModelFold` as the ranges, split into
/// partitions by order number so that the replay's threads share the work: each thread folds
/// one partition's events, in log order, into its own rows, and writes only its own orders.
// Safe: the buffers are the segments' arrays, lent by `ReplayJoin.foldDeferred` for as long as the
// folds run; two partitions never write the same order (nor one cache line of them: a partition
// takes blocks of `block` orders). The pointers point into the replay's maps (see `DeferredEvent`).
struct DeferredFold: @unchecked Sendable {
    let partitions: Int
    let deferred: [[DeferredEvent]]
    let placedBefore: [Int]
    let starts: [Int]
    let orders: [UnsafeMutableBufferPointer<OrderState>]
    let lastSeqs: [UnsafeMutableBufferPointer<UInt64>]
    let placedEvents: [[UnsafeRawPointer]]
    /// The map whose pages to drop now and then (the deferred events lie all over the log).
    let region: MappedRegion?

    /// Orders per block of a partition: a power of two, so that blocks of order states of
    /// different partitions never share a cache line.
    static let blockShift: UInt32 = 6

    /// How many of a partition's events ahead of the fold have their order's state prefetched.
    static let lookahead = 16

    private func owns(_ item: DeferredEvent, _ partition: Int) -> Bool {
        Int(item.order >> Self.blockShift) % partitions == partition
    }

    /// Where order `number` lies: its segment and its position in it.
    private func locate(_ number: Int) -> (segment: Int, position: Int) {
        var segment = 0
        while number >= starts[segment + 1] { segment += 1 }
        return (segment, number - starts[segment])
    }

    /// Folds partition `partition`'s events into `rows`; gives back the problems found.
    func fold(partition: Int, into rows: inout ReplayRows) -> [DeferredProblem] {
        let service = OrderService()
        var problems: [DeferredProblem] = []
        var folded = 0
        for (part, events) in deferred.enumerated() {
            let limit = placedBefore[part]
            // The partition's events from `index + 1` to `ahead` have their order's state prefetched.
            var ahead = 0
            var prefetched = 0
            for index in events.indices where owns(events[index], partition) {
                if ahead <= index {
                    ahead = index + 1
                    prefetched = 0
                } else {
                    prefetched -= 1
                }
                while prefetched < Self.lookahead, ahead < events.count {
                    if owns(events[ahead], partition) {
                        prefetchOrder(Int(events[ahead].order), limit)
                        prefetched += 1
                    }
                    ahead += 1
                }
                folded += 1
                if folded & (ReplayCore.releaseInterval - 1) == 0 { region?.releasePages() }
                let item = events[index]
                guard let event = try? EncodedEvent(item.bytes) else { continue }  // checked before it was deferred
                let number = Int(item.order)
                guard number < limit else {
                    let text = "seq \(item.seq) is a \(event.kind) event of order number \(number), which was never placed"
                    if problems.count < 1_000 { problems.append(DeferredProblem(seq: item.seq, text: text)) }
                    continue
                }
                let (segment, position) = locate(number)
                let before = orders[segment][position]
                if let broken = ReplayRun.streamBreak(event, seq: item.seq, before: before, lastSeq: lastSeqs[segment][position]),
                    problems.count < 1_000
                {
                    problems.append(DeferredProblem(seq: item.seq, text: broken))
                }
                let after = service.evolve(before, event)
                orders[segment][position] = after
                lastSeqs[segment][position] = item.seq
                let lines = EncodedEvent.lines(
                    ofPlacedEventAt: placedEvents[segment][position], count: event.kind == .cancelled ? Int(before.lineCount) : 0)
                ReadModelFold.apply(event, before: before, after: after, placedLines: lines, to: &rows)
            }
        }
        return problems
    }

    /// Starts bringing order `number`'s state into the cache, if it was placed.
    // Safe: a prefetch only hints the cache; the position is checked against its segment first.
    private func prefetchOrder(_ number: Int, _ limit: Int) {
        guard number < limit else { return }
        let (segment, position) = locate(number)
        guard position < orders[segment].count else { return }
        cprefetch_for_write(UnsafeRawPointer(orders[segment].baseAddress! + position))
    }
}
