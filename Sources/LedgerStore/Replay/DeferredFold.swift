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

    /// How many events a partition folds between two releases of the mapped pages (a power of
    /// two): fewer than the scan, because the deferred events lie all over the log and each
    /// fault maps the pages around the one read (the kernel's fault-around), so the pages mapped
    /// add up faster than the events folded.
    static let releaseInterval = 1 << 14

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
        // The partition's next events (indices into a part's events) in a ring: each has its
        // order's state, latest seq and `placed` event prefetched when it enters, and its
        // customer's row when it is halfway through (its order's state is in the cache by then).
        var ring = [Int](repeating: 0, count: Self.lookahead)
        for (part, events) in deferred.enumerated() {
            let limit = placedBefore[part]
            var first = 0
            var count = 0
            var next = 0
            while true {
                while count < Self.lookahead, next < events.count {
                    if owns(events[next], partition) {
                        ring[(first + count) & (Self.lookahead - 1)] = next
                        prefetchOrder(Int(events[next].order), limit)
                        count += 1
                    }
                    next += 1
                }
                guard count > 0 else { break }
                if count > Self.lookahead / 2,
                    let customer = customer(
                        ofOrder: Int(events[ring[(first + Self.lookahead / 2) & (Self.lookahead - 1)]].order), limit)
                {
                    rows.prefetchCustomer(customer)
                }
                let item = events[ring[first]]
                first = (first + 1) & (Self.lookahead - 1)
                count -= 1
                folded += 1
                if folded & (Self.releaseInterval - 1) == 0 { region?.releasePages() }
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

    /// Starts bringing order `number`'s state, latest seq and where its `placed` event lies into
    /// the cache (three arrays: each load would otherwise wait for memory), if it was placed.
    // Safe: a prefetch only hints the cache; the position is checked against its segment first.
    private func prefetchOrder(_ number: Int, _ limit: Int) {
        guard number < limit else { return }
        let (segment, position) = locate(number)
        guard position < orders[segment].count else { return }
        cprefetch_for_write(UnsafeRawPointer(orders[segment].baseAddress! + position))
        cprefetch_for_write(UnsafeRawPointer(lastSeqs[segment].baseAddress! + position))
        placedEvents[segment].withUnsafeBufferPointer { cprefetch_for_write(UnsafeRawPointer($0.baseAddress! + position)) }
    }

    /// The customer of order `number`, if it was placed.
    private func customer(ofOrder number: Int, _ limit: Int) -> CustomerNumber? {
        guard number < limit else { return nil }
        let (segment, position) = locate(number)
        guard position < orders[segment].count else { return nil }
        return orders[segment][position].customer
    }
}
