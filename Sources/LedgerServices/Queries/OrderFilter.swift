public import LedgerDomain

/// The filters of `orders list` (SPEC §6).
public struct OrderFilter: Hashable, Sendable {
    public var status: OrderStatus?
    public var customer: String?
    /// How many rows at most; 0 means all.
    public var limit: Int

    public init(status: OrderStatus? = nil, customer: String? = nil, limit: Int = 100) {
        self.status = status
        self.customer = customer
        self.limit = limit
    }
}
