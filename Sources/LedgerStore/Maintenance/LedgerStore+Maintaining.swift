public import LedgerServices

extension LedgerStore: LedgerMaintaining {
    public func rebuild(_ projections: Set<ReadModelName>, progress: (Int) -> Void) throws -> RebuildSummary {
        try Rebuilder(store: self).rebuild(projections, progress: progress)
    }

    public func verify(progress: (Int) -> Void) throws -> VerifyReport {
        try Verifier(store: self).verify(progress: progress)
    }
}
