/// The stretch of the log one replay thread folds: the events with seqs in `seqs`. Ranges are
/// numbered in log order; joining their parts in that order gives the whole replay.
struct ReplayRange: Sendable {
    let index: Int
    let seqs: ClosedRange<UInt64>

    /// Splits seqs `0...head` into `count` ranges of about the same size (fewer when the log has
    /// fewer events than `count`; one for an empty log).
    static func split(upTo head: UInt64, into count: Int) -> [ReplayRange] {
        let count = UInt64(max(1, min(count, Int(clamping: head))))
        return (0..<count).map { index in
            let lower = index == 0 ? 0 : 1 + head * index / count
            let upper = index == count - 1 ? max(head, lower) : head * (index + 1) / count
            return ReplayRange(index: Int(index), seqs: lower...upper)
        }
    }
}
