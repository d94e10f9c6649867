public import LedgerDomain

/// The filters of `orders list` (SPEC §6), its placed-date range and its order.
public struct OrderFilter: Hashable, Sendable {
    /// The statuses kept (a union); empty keeps every status.
    public var statuses: Set<OrderStatus>
    public var customer: String?
    /// The first and last UTC date an order was placed on, inclusive; `nil`: no bound.
    public var placedFrom: CalendarDate?
    public var placedTo: CalendarDate?
    /// How the rows are sorted; `nil`: by order id (byte order), as SPEC §6 has it.
    public var sort: OrderSort?
    /// How many rows at most; 0 means all.
    public var limit: Int

    public init(
        statuses: Set<OrderStatus> = [], customer: String? = nil, placedFrom: CalendarDate? = nil,
        placedTo: CalendarDate? = nil, sort: OrderSort? = nil, limit: Int = 100
    ) {
        self.statuses = statuses
        self.customer = customer
        self.placedFrom = placedFrom
        self.placedTo = placedTo
        self.sort = sort
        self.limit = limit
    }

    /// Whether an order in `state` passes the status and date filters (the customer is the
    /// walk's own: it reads only that customer's orders).
    public func admits(_ state: OrderState) -> Bool {
        if !statuses.isEmpty, !statuses.contains(state.status) { return false }
        let day = state.placedAt.day
        if let placedFrom, day < placedFrom.daysSinceEpoch { return false }
        if let placedTo, day > placedTo.daysSinceEpoch { return false }
        return true
    }

    /// Whether only the statuses filter: the number that match is then the number of orders in
    /// those statuses (of all orders, with no status given).
    public var filtersOnlyByStatus: Bool { customer == nil && placedFrom == nil && placedTo == nil }
}
