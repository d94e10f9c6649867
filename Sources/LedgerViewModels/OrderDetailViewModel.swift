public import LedgerServices
public import Observation

/// One order with its lines and history. A missing order is a failure that says so.
@Observable @MainActor
public final class OrderDetailViewModel {
    public let orderID: String
    public private(set) var state: ViewState<OrderDetail> = .idle
    @ObservationIgnored private let repository: any LedgerQuerying

    public init(repository: any LedgerQuerying, orderID: String) {
        self.repository = repository
        self.orderID = orderID
    }

    public func load() {
        state = .loading
        state = ViewState {
            guard let detail = try repository.order(orderID) else { throw OrderNotFound(orderID: orderID) }
            return detail
        }
    }
}
