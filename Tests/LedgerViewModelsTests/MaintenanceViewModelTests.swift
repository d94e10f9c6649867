import LedgerServices
import LedgerViewModels
import TestSupport
import Testing

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
