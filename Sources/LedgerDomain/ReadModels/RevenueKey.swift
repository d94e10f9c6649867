/// The key of a revenue row: a UTC date and a currency; ordered by date, then currency.
public struct RevenueKey: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01.
    public let day: Int64
    public let currency: Currency

    // Inlinable: made per money event by the specialised fold in LedgerStore.
    @inlinable public init(day: Int64, currency: Currency) {
        self.day = day
        self.currency = currency
    }

    public var date: CalendarDate { CalendarDate(day: day) }

    public static func < (lhs: RevenueKey, rhs: RevenueKey) -> Bool {
        (lhs.day, lhs.currency) < (rhs.day, rhs.currency)
    }
}
