public import LedgerDomain

/// The read-side repository the view models query: `LedgerStore` over LMDB, or an in-memory
/// stand-in in tests.
public protocol LedgerQuerying: Sendable {
    func orders(_ filter: OrderFilter) throws -> [OrderSummary]
    /// `nil` when there is no such order.
    func order(_ id: String) throws -> OrderDetail?
    func customers() throws -> [CustomerSummary]
    func revenue(from: CalendarDate?, to: CalendarDate?) throws -> [RevenueRow]
    func skus(top: Int?) throws -> [SKUSummary]
    func statistics() throws -> LedgerStatistics
}
