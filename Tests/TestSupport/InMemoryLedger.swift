public import LedgerDomain
public import LedgerServices

/// A `LedgerQuerying` stand-in holding fixed rows; it records the last filter it was asked for.
/// Safe: a test makes, fills and asks it on one thread (the main actor), never from two at once.
public final class InMemoryLedger: LedgerQuerying, @unchecked Sendable {
    public struct Broken: Error, CustomStringConvertible {
        public var description: String { "the disk is on fire" }
    }

    public var summaries: [OrderSummary] = []
    public var details: [String: OrderDetail] = [:]
    public var failing = false
    public private(set) var lastFilter: OrderFilter?
    public private(set) var lastRange: (CalendarDate?, CalendarDate?)?
    public private(set) var lastTop: Int??

    public init() {}

    /// Walks the summaries of `filter`'s status, at most `filter.limit` (0: all).
    public func withOrders<R>(
        _ filter: OrderFilter, _ body: (_ forEachOrder: ((OrderSummary) throws -> Void) throws -> Int) throws -> R
    ) throws -> R {
        lastFilter = filter
        if failing { throw Broken() }
        let selected = summaries.filter { filter.admits($0.state) }
        let rows = filter.limit == 0 ? selected : Array(selected.prefix(filter.limit))
        return try body { visit in
            for row in rows { try visit(row) }
            return selected.count
        }
    }

    public func order(_ id: String) throws -> OrderDetail? {
        if failing { throw Broken() }
        return details[id]
    }

    public func customers() throws -> [CustomerSummary] {
        if failing { throw Broken() }
        return [CustomerSummary(customerID: "C-1", totals: CustomerTotals())]
    }

    public func revenue(from: CalendarDate?, to: CalendarDate?) throws -> [RevenueRow] {
        lastRange = (from, to)
        if failing { throw Broken() }
        return []
    }

    public func skus(top: Int?) throws -> [SKUSummary] {
        lastTop = .some(top)
        if failing { throw Broken() }
        return [SKUSummary(sku: "A", totals: SKUTotals())]
    }

    public func statistics() throws -> LedgerStatistics {
        if failing { throw Broken() }
        return LedgerStatistics(
            events: 1, orders: 1, customers: 1, skus: 1, headSeq: 1, byStatus: StatusCounts(), checkpoints: [:])
    }
}
