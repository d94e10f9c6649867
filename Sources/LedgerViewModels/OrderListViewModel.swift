public import LedgerServices
public import Observation

/// The order list: filters as state, `load()` as the intent.
@Observable @MainActor
public final class OrderListViewModel {
    public var filter: OrderFilter
    public private(set) var state: ViewState<[OrderSummary]> = .idle
    @ObservationIgnored private let repository: any LedgerQuerying

    public init(repository: any LedgerQuerying, filter: OrderFilter = OrderFilter()) {
        self.repository = repository
        self.filter = filter
    }

    public func load() {
        state = .loading
        state = ViewState { try repository.orders(filter) }
    }
}
