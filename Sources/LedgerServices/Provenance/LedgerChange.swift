public import LedgerDomain

/// What changed between two moments (`orders diff`, SPEC §11): the events with `from` < seq ≤
/// `to` (or `from` < `at` ≤ `to`), counted per type, the money they moved per currency, and the
/// orders they touched, sorted by order id (byte order).
public struct LedgerChange: Hashable, Sendable {
    public let from: AsOf
    public let to: AsOf
    public let events: Int
    /// Every event type, zeros included.
    public let byType: [EventKind: Int]
    /// A key for every currency with a money event in the range.
    public let money: [Currency: MoneyMoved]
    public let orders: [OrderChange]

    public init(
        from: AsOf, to: AsOf, events: Int, byType: [EventKind: Int], money: [Currency: MoneyMoved], orders: [OrderChange]
    ) {
        self.from = from
        self.to = to
        self.events = events
        self.byType = byType
        self.money = money
        self.orders = orders
    }
}
