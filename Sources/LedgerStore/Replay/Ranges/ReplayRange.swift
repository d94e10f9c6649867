/// The stretch of the log one replay thread folds: the events with seqs in `seqs`. Ranges are
/// numbered in log order; joining their parts in that order gives the whole replay.
struct ReplayRange: Sendable {
    let index: Int
    let seqs: ClosedRange<UInt64>

    /// Splits seqs `0...head` into `count` ranges of about the same size (fewer when the log has
    /// fewer events than `count`; one for an empty log). With `chain`, each range ends where a
    /// link of it ends, when one ends in the range's second half, so that each range holds
    /// whole links (`ChainRun`).
    static func split(upTo head: UInt64, into count: Int, cuttingAt chain: StoredChain? = nil) -> [ReplayRange] {
        let count = UInt64(max(1, min(count, Int(clamping: head))))
        // `head * index / count` in full width: a head seq near 2^64 must not overflow.
        func share(_ index: UInt64) -> UInt64 { count.dividingFullWidth(head.multipliedFullWidth(by: index)).quotient }
        var lower: UInt64 = 0
        return (0..<count).map { index in
            var upper = index == count - 1 ? max(head, lower) : share(index + 1)
            if index < count - 1, let chain, let end = chain.lastEnd(in: (lower + (upper - lower) / 2)...upper) {
                upper = end
            }
            defer { lower = upper + 1 }
            return ReplayRange(index: Int(index), seqs: lower...upper)
        }
    }
}
