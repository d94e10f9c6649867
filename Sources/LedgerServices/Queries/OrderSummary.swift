public import LedgerDomain

/// One row of `orders list` (SPEC §6).
public struct OrderSummary: Hashable, Sendable {
    public let orderID: String
    public let customerID: String
    public let state: OrderState

    public init(orderID: String, customerID: String, state: OrderState) {
        self.orderID = orderID
        self.customerID = customerID
        self.state = state
    }
}
