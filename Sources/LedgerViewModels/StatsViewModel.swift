public import LedgerServices
public import Observation

/// The ledger's counts, status breakdown and read model checkpoints.
@Observable @MainActor
public final class StatsViewModel {
    public private(set) var state: ViewState<LedgerStatistics> = .idle
    @ObservationIgnored private let repository: any LedgerQuerying

    public init(repository: any LedgerQuerying) { self.repository = repository }

    public func load() {
        state = .loading
        state = ViewState { try repository.statistics() }
    }
}
