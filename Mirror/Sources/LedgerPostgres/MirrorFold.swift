import LedgerDomain
import LedgerServices

/// The ledger as far as the mirror has copied it, folded in memory with the store's own rules
/// (`OrderService.evolve`, `ReadModelFold`), and the ids behind the log's dense numbers.
struct MirrorFold {
    private let service = OrderService()
    /// Indexed by order number.
    private(set) var orders: [OrderState?] = []
    /// The lines of each order's `placed` event while it can still be cancelled (a cancel folds
    /// them back out of the skus); emptied once it is shipped or cancelled, so only the orders in
    /// flight hold theirs.
    private var placedLines: [[EventLine]] = []
    private(set) var models = InMemoryReadModels()
    private(set) var orderIDs: [String] = []
    private(set) var customerIDs: [String] = []
    private(set) var skus: [String] = []
    /// The seq of the last event folded.
    private(set) var seq: UInt64 = 0
    private(set) var placedOrders = 0

    var names: EventLogPage.NameCounts {
        EventLogPage.NameCounts(orders: orderIDs.count, customers: customerIDs.count, skus: skus.count)
    }

    /// Takes the ids a page names for the first time.
    mutating func learnNames(of page: EventLogPage) {
        orderIDs += page.orderIDs
        customerIDs += page.customerIDs
        skus += page.skus
    }

    /// Folds the event with seq `seq + 1`, noting the rows it changes in `touched`.
    mutating func apply(_ event: OrderEvent, touched: inout TouchedRows?) throws(MirrorError) {
        let index = event.order.index
        guard index < orderIDs.count else {
            throw MirrorError.damagedLog("event \(seq + 1) names order number \(index), which has no id")
        }
        if index >= orders.count {
            orders.append(contentsOf: repeatElement(nil, count: index + 1 - orders.count))
            placedLines.append(contentsOf: repeatElement([], count: index + 1 - placedLines.count))
        }
        let before = orders[index]
        guard (before == nil) == (event.kind == .placed), event.version == (before?.version ?? 0) + 1 else {
            throw MirrorError.damagedLog(
                "event \(seq + 1) (\(event.kind) version \(event.version) of \(orderIDs[index])) does not follow its order's stream"
            )
        }
        if event.kind == .placed {
            guard event.customer.index < customerIDs.count, event.lines.allSatisfy({ $0.sku.index < skus.count }) else {
                throw MirrorError.damagedLog("event \(seq + 1) names a customer or sku number that has no id")
            }
            placedLines[index] = event.lines
            placedOrders += 1
        }
        let after = service.evolve(before, event)
        if touched != nil { note(event, index: index, existed: before != nil, after: after, in: &touched!) }
        ReadModelFold.apply(event, before: before, after: after, placedLines: placedLines[index], to: &models)
        orders[index] = after
        if after.status == .shipped || after.status == .cancelled { placedLines[index] = [] }
        seq += 1
    }

    /// Notes the rows `event` changes, before it is folded (a revenue row that exists now was written before).
    private func note(_ event: OrderEvent, index: Int, existed: Bool, after: OrderState, in touched: inout TouchedRows) {
        if touched.orders.insert(index).inserted, existed { touched.existingOrders.append(index) }
        touched.customers.insert(after.customer.index)
        switch event.kind {
        case .placed, .paid, .cancelled, .refunded:
            let key = RevenueKey(day: event.at.day, currency: after.currency)
            if touched.revenue.insert(key).inserted, models.revenue[key] != nil { touched.existingRevenue.append(key) }
        case .shipped, .delivered:
            break
        }
        if event.kind == .placed || event.kind == .cancelled {
            for line in placedLines[index] { touched.skus.insert(line.sku.index) }
        }
    }
}
