public import LedgerServices

extension LedgerStore: LedgerMaintaining {
    public func rebuild(
        _ projections: Set<ReadModelName>, progress: (Int) -> Void, shouldStop: @escaping @Sendable () -> Bool
    ) throws -> RebuildSummary {
        try Rebuilder(store: self).rebuild(projections, progress: progress, shouldStop: shouldStop)
    }

    public func verify(
        expecting expected: ChainDigest?, progress: (Int) -> Void, shouldStop: @escaping @Sendable () -> Bool
    ) throws -> VerifyReport {
        try Verifier(store: self).verify(expecting: expected, progress: progress, shouldStop: shouldStop)
    }
}
