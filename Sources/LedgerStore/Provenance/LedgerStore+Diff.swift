internal import LMDB
internal import LedgerDomain
public import LedgerServices

/// `orders diff` (SPEC §11): answered from the log in one read snapshot, as `--as-of` is, but by a
/// fold of its own (`ChangeFold`) rather than the replay core: what a range starts from is each
/// order's status, currency and unpaid sum, and no read model, so one pass in seq order folds the
/// events before the range and those in it alike; the stored read models are not read.
extension LedgerStore {
    /// What changed between `from` and `to` (the log's head when `nil`): the events with
    /// `from` < seq ≤ `to`, or `from` < `at` ≤ `to`. Throws `DiffRangeError` for a range that
    /// cannot be answered, and `ReplayInterrupted` once `shouldStop` says so (asked as the walk
    /// starts and every `stopInterval` events of it).
    public func diff<R>(
        from: AsOf, to: AsOf?, shouldStop: @escaping @Sendable () -> Bool,
        reading body: (LedgerChange, any ChangedOrders) throws -> R
    ) throws -> R {
        try read { ledger in
            let head = try ledger.headSeq()
            let end = to ?? .seq(head)
            try Self.checkRange(from: from, to: to, head: head)
            var fold = ChangeFold(orders: try ledger.count(\.orderNames))
            // A seq bounds the walk; a time does not (events of one time are spread over the log).
            var last = head
            if case .seq(let stop) = end { last = stop }
            var empty = false
            if case .seq(let start) = from { empty = start >= last }
            if shouldStop() { throw ReplayInterrupted() }
            if !empty { try Self.fold(ledger, into: &fold, upTo: last, from: from, to: end, shouldStop: shouldStop) }
            return try body(fold.change(from: from, to: end), try TouchedOrders(fold, in: ledger))
        }
    }

    /// How many events ahead of the fold the cursor reads, so that the entries they touch are
    /// prefetched by the time they are folded (a power of two).
    private static let lookahead = 32

    /// How many events the walk folds between two asks of `shouldStop` (a power of two).
    static let stopInterval: UInt64 = 1 << 12

    /// Folds the log from seq 1 to `last` into `fold`: the events that `from` includes as before
    /// the range, those that `to` includes (and `from` does not) as in it; the others (after a
    /// range by time) are left out.
    private static func fold(
        _ ledger: LedgerTransaction, into fold: inout ChangeFold, upTo last: UInt64, from: AsOf, to: AsOf,
        shouldStop: () -> Bool
    ) throws {
        try ledger.withCursor(\.log) { cursor in
            // A ring of the next `lookahead` entries: each is prepared when read and folded when
            // it leaves the ring.
            // Safe: the ring holds entries borrowed from this cursor's transaction and is folded before it ends.
            let none = UnsafeRawBufferPointer(start: nil, count: 0)
            var ahead = [Cursor.Entry](repeating: (none, none), count: lookahead)
            var first = 0
            var count = 0
            var next = try cursor.seek(atLeast: BigEndianKey64(1))
            while count < lookahead, let entry = next, LedgerTransaction.seq(entry.key) <= last {
                ahead[count] = entry
                fold.prepare(entry.value)
                count += 1
                next = try cursor.next()
            }
            var expected: UInt64 = 1
            while count > 0 {
                let current = ahead[first]
                if let entry = next, LedgerTransaction.seq(entry.key) <= last {
                    ahead[first] = entry
                    fold.prepare(entry.value)
                    next = try cursor.next()
                } else {
                    count -= 1
                }
                first = (first + 1) & (lookahead - 1)
                let seq = LedgerTransaction.seq(current.key)
                guard seq == expected else {
                    throw StoreError.damagedLog(seq: nil, detail: "the log jumps from seq \(expected - 1) to \(seq)")
                }
                expected += 1
                if seq & (Self.stopInterval - 1) == 0, shouldStop() { throw ReplayInterrupted() }
                let event: EncodedEvent
                do {
                    event = try EncodedEvent(current.value)
                } catch StoreError.corrupt(let detail) {
                    throw StoreError.damagedLog(seq: seq, detail: detail)
                }
                if from.includes(seq: seq, at: event.at) {
                    try fold.add(event, seq: seq, inRange: false)
                } else if to.includes(seq: seq, at: event.at) {
                    try fold.add(event, seq: seq, inRange: true)
                }
            }
        }
    }

    /// Refuses ends of different kinds, a start after the end, and a seq past `head`.
    static func checkRange(from: AsOf, to: AsOf?, head: UInt64) throws {
        switch (from, to) {
        case (.seq(let start), _) where start > head:
            throw DiffRangeError("--from \(start) is past the log's head (seq \(head))")
        case (_, .seq(let stop)?) where stop > head:
            throw DiffRangeError("--to \(stop) is past the log's head (seq \(head))")
        case (.seq(let start), .seq(let stop)?) where start > stop:
            throw DiffRangeError("--from \(start) is after --to \(stop)")
        case (.time(let start), .time(let stop)?) where stop < start:
            throw DiffRangeError("--from \(start) is after --to \(stop)")
        case (.seq, .time?), (.time, .seq?):
            throw DiffRangeError("--from and --to must both be seqs or both be times")
        default:
            break
        }
    }
}
