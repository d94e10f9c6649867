internal import LMDB
internal import LedgerDomain
public import LedgerServices

/// `orders diff` (SPEC §11): answered from the log in one read snapshot, as `--as-of` is — the
/// replay core folds the log up to the range's start, and the events of the range are folded
/// onto it; the stored read models are not read.
extension LedgerStore {
    /// What changed between `from` and `to` (the log's head when `nil`): the events with
    /// `from` < seq ≤ `to`, or `from` < `at` ≤ `to`. Throws `DiffRangeError` for a range that
    /// cannot be answered, and `ReplayInterrupted` once `shouldStop` says so (asked by the replay
    /// and every `stopInterval` events of the range).
    public func diff(from: AsOf, to: AsOf?, shouldStop: @escaping @Sendable () -> Bool) throws -> LedgerChange {
        try read { ledger in
            let head = try ledger.headSeq()
            let end = to ?? .seq(head)
            try Self.checkRange(from: from, to: to, head: head)
            let before = try ReplayCore(store: self).replay(
                in: ledger, asOf: from, collectingNames: false, releasingPages: false, progress: { _ in },
                shouldStop: shouldStop)
            guard before.problems.isEmpty else {
                throw StoreError.corrupt(
                    "the log itself is inconsistent (\(before.problems[0])); orders verify lists every problem")
            }
            var fold = ChangeFold(before: before)
            // A seq bounds the walk; a time does not (events of one time are spread over the log).
            var first: UInt64 = 1
            if case .seq(let start) = from { first = start + 1 }
            var last = head
            if case .seq(let stop) = end { last = stop }
            guard first <= last else { return try fold.change(from: from, to: end, in: ledger) }
            try ledger.scan(\.log, from: BigEndianKey64(first)) { entries in
                for entry in entries {
                    let seq = LedgerTransaction.seq(entry.key)
                    if seq > last { break }
                    if seq & (Self.stopInterval - 1) == 0, shouldStop() { throw ReplayInterrupted() }
                    let event: EncodedEvent
                    do {
                        event = try EncodedEvent(entry.value)
                    } catch StoreError.corrupt(let detail) {
                        throw StoreError.damagedLog(seq: seq, detail: detail)
                    }
                    guard !from.includes(seq: seq, at: event.at), end.includes(seq: seq, at: event.at) else { continue }
                    try fold.add(event, seq: seq)
                }
            }
            return try fold.change(from: from, to: end, in: ledger)
        }
    }

    /// How many events of the range pass between two asks to stop (a power of two).
    static let stopInterval: UInt64 = 1 << 12

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
