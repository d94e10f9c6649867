public import Observation
public import LedgerServices

/// Every customer with their order counts and net per currency.
@Observable @MainActor
public final class CustomersViewModel {
    public private(set) var state: ViewState<[CustomerSummary]> = .idle
    @ObservationIgnored private let repository: any LedgerQuerying

    public init(repository: any LedgerQuerying) { self.repository = repository }

    public func load() {
        LedgerViewModels.load({ state = $0 }) { try repository.customers() }
    }
}
