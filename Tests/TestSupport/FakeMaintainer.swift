public import LedgerServices

/// A `LedgerMaintaining` stand-in: reports progress twice, then answers or fails.
public struct FakeMaintainer: LedgerMaintaining {
    public struct Broken: Error, CustomStringConvertible {
        public var description: String { "the log itself is inconsistent" }
    }

    public var failing: Bool

    public init(failing: Bool = false) { self.failing = failing }

    public func headSeq() throws -> UInt64 { 10 }

    public func rebuild(
        _ projections: Set<ReadModelName>, progress: (Int) -> Void, shouldStop: @escaping @Sendable () -> Bool
    ) throws -> RebuildSummary {
        progress(5)
        progress(10)
        if failing { throw Broken() }
        return RebuildSummary(
            projections: ReadModelName.allCases.filter(projections.contains), events: 10, seconds: 0.5, rowsChanged: 2)
    }

    public func verify(
        expecting expected: ChainDigest?, progress: (Int) -> Void, shouldStop: @escaping @Sendable () -> Bool
    ) throws -> VerifyReport {
        progress(10)
        if failing { throw Broken() }
        return VerifyReport(events: 10, orders: 3, differences: ["stats: the status counts differ from the log's"])
    }
}
