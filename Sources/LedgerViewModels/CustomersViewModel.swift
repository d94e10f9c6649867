public import LedgerServices
public import Observation

/// Every customer with their order counts and net per currency.
@Observable @MainActor
public final class CustomersViewModel {
    public private(set) var state: ViewState<[CustomerSummary]> = .idle
    @ObservationIgnored private let repository: any LedgerQuerying

    public init(repository: any LedgerQuerying) { self.repository = repository }

    public func load() {
        state = .loading
        state = ViewState { try repository.customers() }
    }
}
