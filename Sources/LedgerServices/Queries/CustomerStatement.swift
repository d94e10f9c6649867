public import LedgerDomain

/// One customer's statement (`orders customer ID`): money per currency, orders per status, and
/// the most recently placed orders.
public struct CustomerStatement: Hashable, Sendable {
    /// What the customer's orders in one currency come to, in minor units.
    public struct CurrencyTotals: Hashable, Sendable {
        public let currency: Currency
        public var orders = 0
        public var total: Int128 = 0
        public var paid: Int128 = 0
        public var refunded: Int128 = 0
        /// Captured − refunded, as `net` in `orders customers`.
        public var net: Int128 { paid - refunded }

        public init(currency: Currency) { self.currency = currency }
    }

    public let customerID: String
    public let orders: Int
    /// Orders neither delivered nor cancelled.
    public let openOrders: Int
    /// Per currency, sorted by currency.
    public let currencies: [CurrencyTotals]
    /// Every status, zeros included.
    public let byStatus: [OrderStatus: Int]
    /// The latest placed orders first (ties: order id).
    public let recent: [OrderSummary]
    public let firstPlaced: Timestamp
    public let lastPlaced: Timestamp

    /// The statement of `customerID` from all of its orders; `nil` when it has none.
    public init?(customerID: String, orders: [OrderSummary], recent count: Int) {
        guard let first = orders.first else { return nil }
        var currencies: [Currency: CurrencyTotals] = [:]
        var byStatus = Dictionary(uniqueKeysWithValues: OrderStatus.allCases.map { ($0, 0) })
        var firstPlaced = first.state.placedAt
        var lastPlaced = first.state.placedAt
        for order in orders {
            let state = order.state
            var totals = currencies[state.currency] ?? CurrencyTotals(currency: state.currency)
            totals.orders += 1
            totals.total += Int128(state.total)
            totals.paid += Int128(state.paid)
            totals.refunded += Int128(state.refunded)
            currencies[state.currency] = totals
            byStatus[state.status, default: 0] += 1
            firstPlaced = min(firstPlaced, state.placedAt)
            lastPlaced = max(lastPlaced, state.placedAt)
        }
        self.customerID = customerID
        self.orders = orders.count
        self.openOrders = orders.count - byStatus[.delivered, default: 0] - byStatus[.cancelled, default: 0]
        self.currencies = currencies.keys.sorted().map { currencies[$0]! }
        self.byStatus = byStatus
        self.recent = Array(
            orders.enumerated().sorted { lhs, rhs in
                lhs.element.state.placedAt != rhs.element.state.placedAt
                    ? lhs.element.state.placedAt > rhs.element.state.placedAt : lhs.offset < rhs.offset
            }.prefix(count).map(\.element))
        self.firstPlaced = firstPlaced
        self.lastPlaced = lastPlaced
    }
}
