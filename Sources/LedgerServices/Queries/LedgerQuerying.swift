public import LedgerDomain

/// The read-side repository the view models query: `LedgerStore` over LMDB, or an in-memory
/// stand-in in tests.
public protocol LedgerQuerying: Sendable {
    /// Lends `body` a walk over the orders `filter` selects, sorted by order id, handed over one
    /// row at a time from one consistent read, so that a listing of every order needs no more
    /// memory than one of ten; a walk gives how many orders the filter selects in all, `filter.limit`
    /// aside (what a cut listing reports). `body` may walk them more than once and sees the same rows
    /// each time.
    func withOrders<R>(
        _ filter: OrderFilter, _ body: (_ forEachOrder: ((OrderSummary) throws -> Void) throws -> Int) throws -> R
    ) throws -> R
    /// `nil` when there is no such order.
    func order(_ id: String) throws -> OrderDetail?
    func customers() throws -> [CustomerSummary]
    func revenue(from: CalendarDate?, to: CalendarDate?) throws -> [RevenueRow]
    func skus(top: Int?) throws -> [SKUSummary]
    func statistics() throws -> LedgerStatistics
}

extension LedgerQuerying {
    /// The orders `filter` selects, sorted by order id, at most `filter.limit` (0: all), in one array.
    public func orders(_ filter: OrderFilter) throws -> [OrderSummary] {
        try withOrders(filter) { forEachOrder in
            var rows: [OrderSummary] = []
            _ = try forEachOrder { rows.append($0) }
            return rows
        }
    }
}
