public import Observation
public import LedgerServices

/// The ledger's counts, status breakdown and read model checkpoints.
@Observable @MainActor
public final class StatsViewModel {
    public private(set) var state: ViewState<LedgerStatistics> = .idle
    @ObservationIgnored private let repository: any LedgerQuerying

    public init(repository: any LedgerQuerying) { self.repository = repository }

    public func load() {
        LedgerViewModels.load({ state = $0 }) { try repository.statistics() }
    }
}
