internal import LMDB
public import LedgerDomain
public import LedgerServices

/// The read-side queries of SPEC §6. Each runs in one read snapshot, so it never sees half a
/// commit, and none writes.
extension LedgerStore {
    /// `orders list`: sorted by order id (byte order), filtered, at most `filter.limit` rows (0:
    /// all), walked in one read snapshot as `LedgerSnapshot.forEachOrder` reads them; a walk gives
    /// how many orders the filter selects in all.
    public func withOrders<R>(
        _ filter: OrderFilter, _ body: (_ forEachOrder: ((OrderSummary) throws -> Void) throws -> Int) throws -> R
    ) throws -> R {
        try snapshot { snapshot in try body { try snapshot.forEachOrder(filter, $0) } }
    }

    /// `orders show`: the order with its lines and history, or `nil` when there is no such order.
    public func order(_ id: String) throws -> OrderDetail? {
        guard let orderID = OrderID(id) else { return nil }
        return try read { ledger in
            guard let order = try ledger.order(orderID) else { return nil }
            return try Self.detail(id, state: order.state, stream: try ledger.stream(of: order), ledger)
        }
    }

    /// The `show` object of order `id` in `state`, whose events are `stream` in version order.
    static func detail(
        _ id: String, state: OrderState, stream: some Collection<(seq: UInt64, event: OrderEvent)>, _ ledger: LedgerTransaction
    ) throws -> OrderDetail {
        var names = NameLookup(ledger)
        let history = stream.map { HistoryEntry(seq: $0.seq, event: $0.event) }
        let lines = try (stream.first?.event.lines ?? []).map { line in
            LineItem(sku: try names.sku(line.sku), quantity: Int64(line.quantity), unitPrice: line.unitPrice)
        }
        let summary = OrderSummary(orderID: id, customerID: try names.customer(state.customer), state: state)
        return OrderDetail(summary: summary, lines: lines, history: history)
    }

    /// `orders customers`: every customer with a placed order, sorted by customer id.
    public func customers() throws -> [CustomerSummary] {
        try read { ledger in
            try Self.customers(ledger) { number, id in
                guard let totals = try ledger.customerRow(number) else {
                    if try ledger.lags(.customers) { return nil }  // named after the read model's checkpoint
                    throw StoreError.corrupt("customer \(id) has no row")
                }
                return totals
            }
        }
    }

    /// The `customers` rows of the customers that `row` gives a row for (`nil`: left out).
    static func customers(
        _ ledger: LedgerTransaction, row: (CustomerNumber, String) throws -> CustomerTotals?
    ) throws -> [CustomerSummary] {
        // Room for every customer up front: a store can hold hundreds of thousands, and an array
        // grown by doubling copies its rows again each time.
        var rows: [CustomerSummary] = []
        rows.reserveCapacity(try ledger.count(\.customerNames))
        try ledger.forEachIDInKeyOrder(ids: \.customerIDs, names: \.customerNames) { bytes, number in
            let id = String(decoding: bytes, as: UTF8.self)
            if let totals = try row(CustomerNumber(number), id) { rows.append(CustomerSummary(customerID: id, totals: totals)) }
            return true
        }
        return rows
    }

    /// `orders revenue`: one row per (date, currency) with a money event, dates inclusive.
    public func revenue(from: CalendarDate? = nil, to: CalendarDate? = nil) throws -> [RevenueRow] {
        let first = from?.daysSinceEpoch ?? 0
        let last = to?.daysSinceEpoch ?? Int64(UInt32.max)
        guard first <= last else { return [] }
        return try read { ledger in
            try ledger.scan(\.revenue, from: BigEndianKey32(UInt32(first))) { entries in
                var rows: [RevenueRow] = []
                for entry in entries {
                    let key = try ReadModelCodec.revenueKey(entry.key)
                    if key.day > last { break }
                    rows.append(RevenueRow(key: key, totals: try ReadModelCodec.revenue(entry.value)))
                }
                return rows
            }
        }
    }

    /// `orders skus`: every sku, sorted by sku; with `top`, the `top` skus with the most units
    /// ordered and not cancelled (ties by sku; 0: all).
    public func skus(top: Int? = nil) throws -> [SKUSummary] {
        try read { ledger in
            try Self.skus(ledger, top: top) { number, id in
                guard let totals = try ledger.skuRow(number) else {
                    if try ledger.lags(.skus) { return nil }  // named after the read model's checkpoint
                    throw StoreError.corrupt("sku \(id) has no row")
                }
                return totals
            }
        }
    }

    /// The `skus` rows of the skus that `row` gives a row for (`nil`: left out), ranked by `top`.
    static func skus(
        _ ledger: LedgerTransaction, top: Int?, row: (SKUNumber, String) throws -> SKUTotals?
    ) throws -> [SKUSummary] {
        var rows: [SKUSummary] = []
        try ledger.forEachIDInKeyOrder(ids: \.skuIDs, names: \.skuNames) { bytes, number in
            let id = String(decoding: bytes, as: UTF8.self)
            if let totals = try row(SKUNumber(number), id) { rows.append(SKUSummary(sku: id, totals: totals)) }
            return true
        }
        guard let top else { return rows }
        let ranked = rows.enumerated().sorted { lhs, rhs in
            lhs.element.totals.netUnits != rhs.element.totals.netUnits
                ? lhs.element.totals.netUnits > rhs.element.totals.netUnits : lhs.offset < rhs.offset
        }.map(\.element)
        return top == 0 ? ranked : Array(ranked.prefix(top))
    }

    /// The lowest checkpoint of the read models and the log's last seq, in one snapshot: the read
    /// models answer for the log up to the first, and lag while it is below the second (an import
    /// under way, or one that did not finish).
    public func readModelStanding() throws -> (checkpoint: UInt64, head: UInt64) {
        try read { ledger in
            (try ReadModelName.allCases.map { try ledger.checkpoint($0) }.min() ?? 0, try ledger.headSeq())
        }
    }

    /// `orders stats`. The digest shown is the chain's head, which a commit stores with the events
    /// it covers: one that does not end at the log's last seq is damage, not a digest to show.
    public func statistics() throws -> LedgerStatistics {
        try read { ledger in
            var checkpoints: [String: UInt64] = [:]
            for name in ReadModelName.allCases { checkpoints[name.rawValue] = try ledger.checkpoint(name) }
            let head = try ledger.headSeq()
            var chain: ChainDigest?
            if ledger.hasChain {
                let link = try ledger.chainHead()
                guard (link?.seq ?? 0) == head else {
                    throw StoreError.corrupt(
                        "the hash chain ends at seq \(link?.seq ?? 0) but the log at seq \(head); orders verify says where they part"
                    )
                }
                chain = ChainDigest(seq: head, digest: link?.digest ?? ChainLink.genesis)
            }
            return LedgerStatistics(
                // Counted in the read models, which agree with the status counts also while an
                // import runs (they show the ledger at their checkpoint until its last chunk).
                events: try ledger.count(\.log), orders: try ledger.count(\.orders),
                customers: try ledger.count(\.customers), skus: try ledger.count(\.skus),
                headSeq: head, byStatus: try ledger.statusCounts(), checkpoints: checkpoints, chain: chain)
        }
    }
}

extension LedgerStore: LedgerQuerying {}
