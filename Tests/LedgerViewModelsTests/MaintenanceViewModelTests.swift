import LedgerServices
import LedgerViewModels
import Testing

/// A `LedgerMaintaining` stand-in: reports progress twice, then answers or fails.
struct FakeMaintainer: LedgerMaintaining {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the log itself is inconsistent" }
    }

    var failing = false

    func headSeq() throws -> UInt64 { 10 }

    func rebuild(
        _ projections: Set<ReadModelName>, progress: (Int) -> Void, shouldStop: @escaping @Sendable () -> Bool
    ) throws -> RebuildSummary {
        progress(5)
        progress(10)
        if failing { throw Broken() }
        return RebuildSummary(
            projections: ReadModelName.allCases.filter(projections.contains), events: 10, seconds: 0.5, rowsChanged: 2)
    }

    func verify(
        expecting expected: ChainDigest?, progress: (Int) -> Void, shouldStop: @escaping @Sendable () -> Bool
    ) throws -> VerifyReport {
        progress(10)
        if failing { throw Broken() }
        return VerifyReport(events: 10, orders: 3, differences: ["stats: the status counts differ from the log's"])
    }
}

@MainActor
struct MaintenanceViewModelTests {
    @Test func aRebuildReportsProgressAndEndsWithItsSummary() {
        let viewModel = RebuildViewModel(maintainer: FakeMaintainer())
        var seen: [Int] = []
        viewModel.rebuild([.revenue, .customers]) { seen.append($0) }
        #expect(seen == [5, 10])
        #expect(viewModel.state.value?.projections == [.customers, .revenue])
        #expect(viewModel.state.value?.eventsPerSecond == 20)
    }

    @Test func aFailedRebuildIsAFailureWithItsMessage() {
        let viewModel = RebuildViewModel(maintainer: FakeMaintainer(failing: true))
        viewModel.rebuild(Set(ReadModelName.allCases))
        #expect(viewModel.state.failure == "the log itself is inconsistent")
    }

    @Test func aVerificationEndsWithItsReport() {
        let viewModel = VerifyViewModel(maintainer: FakeMaintainer())
        viewModel.verify()
        #expect(viewModel.state.value?.isConsistent == false)
        #expect(viewModel.state.value?.differences.count == 1)
    }

    @Test func aVerificationThatCannotRunIsAFailure() {
        let viewModel = VerifyViewModel(maintainer: FakeMaintainer(failing: true))
        viewModel.verify()
        #expect(viewModel.state.failure == "the log itself is inconsistent")
    }
}
