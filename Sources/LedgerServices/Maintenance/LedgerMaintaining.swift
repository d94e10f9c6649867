/// Rebuilding and verifying the read models (SPEC §7): `LedgerStore` over LMDB, or a stand-in in
/// tests. `progress` gets the number of events replayed now and then, on the calling thread;
/// `shouldStop` is asked now and then, and `true` ends the work with `ReplayInterrupted`.
public protocol LedgerMaintaining: Sendable {
    /// The seq of the last event: how far a replay goes.
    func headSeq() throws -> UInt64
    /// Recomputes `projections` from the log and replaces them in one commit.
    func rebuild(
        _ projections: Set<ReadModelName>, progress: (Int) -> Void, shouldStop: @escaping @Sendable () -> Bool
    ) throws -> RebuildSummary
    /// Replays the log and compares it with every stored read model and id dictionary, and
    /// recomputes the log's hash chain, against `expected` (a digest recorded earlier) when given.
    func verify(
        expecting expected: ChainDigest?, progress: (Int) -> Void, shouldStop: @escaping @Sendable () -> Bool
    ) throws -> VerifyReport
}

extension LedgerMaintaining {
    /// Verifies without a digest recorded earlier.
    public func verify(progress: (Int) -> Void, shouldStop: @escaping @Sendable () -> Bool) throws -> VerifyReport {
        try verify(expecting: nil, progress: progress, shouldStop: shouldStop)
    }
}
