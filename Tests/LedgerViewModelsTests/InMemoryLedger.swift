import LedgerDomain
import LedgerServices
import LedgerViewModels

/// A `LedgerQuerying` stand-in holding fixed rows; it records the last filter it was asked for.
final class InMemoryLedger: LedgerQuerying, @unchecked Sendable {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the disk is on fire" }
    }

    var summaries: [OrderSummary] = []
    var details: [String: OrderDetail] = [:]
    var failing = false
    private(set) var lastFilter: OrderFilter?
    private(set) var lastRange: (CalendarDate?, CalendarDate?)?
    private(set) var lastTop: Int??

    func orders(_ filter: OrderFilter) throws -> [OrderSummary] {
        lastFilter = filter
        if failing { throw Broken() }
        return summaries.filter { filter.admits($0.state) }
    }

    func order(_ id: String) throws -> OrderDetail? {
        if failing { throw Broken() }
        return details[id]
    }

    func customers() throws -> [CustomerSummary] {
        if failing { throw Broken() }
        return [CustomerSummary(customerID: "C-1", totals: CustomerTotals())]
    }

    func revenue(from: CalendarDate?, to: CalendarDate?) throws -> [RevenueRow] {
        lastRange = (from, to)
        if failing { throw Broken() }
        return []
    }

    func skus(top: Int?) throws -> [SKUSummary] {
        lastTop = .some(top)
        if failing { throw Broken() }
        return [SKUSummary(sku: "A", totals: SKUTotals())]
    }

    func statistics() throws -> LedgerStatistics {
        if failing { throw Broken() }
        return LedgerStatistics(
            events: 1, orders: 1, customers: 1, skus: 1, headSeq: 1, byStatus: StatusCounts(), checkpoints: [:])
    }
}
