public import LedgerServices
public import Observation

/// The order list: filters as state, `load()` (every row in one array) or `withOrders` (the rows
/// one at a time, as `orders list` writes them) as the intent.
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

    /// Lends `body` a walk over the orders `filter` selects, handed over row by row from one
    /// consistent read, so that a listing of every order needs no more memory than one of ten;
    /// `body` may walk them more than once (a table measures its columns first). What the walk or
    /// `body` throws is passed on, so that a write error keeps its own exit status.
    public func withOrders<R>(
        _ body: (_ forEachOrder: ((OrderSummary) throws -> Void) throws -> Int) throws -> R
    ) throws -> R {
        try repository.withOrders(filter, body)
    }
}
