internal import LMDB
public import LedgerDomain
public import LedgerServices

/// The queries of SPEC §6 answered as of a past moment (`--as-of`): the log replayed with the
/// replay core into memory, up to a seq or up to a time, in one read snapshot; the stored read
/// models are neither read nor written. Ids come from the store's dictionaries (an id, once
/// given a number, keeps it). `order(_:)` walks only that order's stream.
public struct AsOfLedger: LedgerQuerying {
    private let store: LedgerStore
    private let moment: AsOf
    private let shouldStop: @Sendable () -> Bool

    /// `shouldStop` is asked now and then while the log is replayed (never for each event);
    /// `true` ends the query with `ReplayInterrupted`.
    public init(store: LedgerStore, asOf moment: AsOf, shouldStop: @escaping @Sendable () -> Bool = { false }) {
        self.store = store
        self.moment = moment
        self.shouldStop = shouldStop
    }

    /// Replays the log as of the moment and runs `body` on it in the same snapshot.
    private func replayed<R>(_ body: (ReplayedLedger, LedgerTransaction) throws -> R) throws -> R {
        try store.read { ledger in
            let replayed = try ReplayCore(store: store).replay(
                in: ledger, asOf: moment, collectingNames: false, releasingPages: false, progress: { _ in },
                shouldStop: shouldStop)
            guard replayed.problems.isEmpty else {
                throw StoreError.corrupt(
                    "the log itself is inconsistent (\(replayed.problems[0])); orders verify lists every problem")
            }
            return try body(replayed, ledger)
        }
    }

    /// Replays the log as of the moment once and lends `body` a walk over the orders `filter`
    /// selects, row by row as `LedgerSnapshot.forEachOrder` walks the stored ones (`list` writes
    /// them as they come), which gives how many it selects in all; `body` may walk them more than once.
    public func withOrders<R>(
        _ filter: OrderFilter, _ body: (_ forEachOrder: ((OrderSummary) throws -> Void) throws -> Int) throws -> R
    ) throws -> R {
        try replayed { replayed, ledger in
            let snapshot = LedgerSnapshot(ledger: ledger)
            return try body { visit in
                try snapshot.forEachOrder(
                    filter, pastTheCustomerIndex: true,
                    state: { number, _ in
                        number.index < replayed.orders.count && replayed.lastSeqs[number.index] != 0
                            ? replayed.orders[number.index] : nil
                    }, visit)
            }
        }
    }

    public func order(_ id: String) throws -> OrderDetail? {
        guard let orderID = OrderID(id) else { return nil }
        return try store.read { ledger in
            guard let latest = try ledger.latestEvent(of: orderID) else { return nil }
            let service = OrderService()
            var state: OrderState?
            var stream: [(seq: UInt64, event: OrderEvent)] = []
            for entry in try ledger.stream(of: latest.number, latest: latest.seq)
            where moment.includes(seq: entry.seq, at: entry.event.at) {
                state = service.evolve(state, entry.event)
                stream.append(entry)
            }
            guard let state else { return nil }
            return try LedgerStore.detail(id, state: state, stream: stream, ledger)
        }
    }

    public func customers() throws -> [CustomerSummary] {
        try replayed { replayed, ledger in
            let rows = (0..<replayed.rows.customerRows).map(replayed.rows.customer)
            return try LedgerStore.customers(ledger) { number, _ in
                number.index < rows.count && rows[number.index].orders > 0 ? rows[number.index] : nil
            }
        }
    }

    public func revenue(from: CalendarDate?, to: CalendarDate?) throws -> [RevenueRow] {
        let first = from?.daysSinceEpoch ?? .min
        let last = to?.daysSinceEpoch ?? .max
        return try replayed { replayed, _ in
            replayed.rows.revenueByKey.filter { $0.key.day >= first && $0.key.day <= last }.sorted { $0.key < $1.key }.map {
                RevenueRow(key: $0.key, totals: $0.value)
            }
        }
    }

    public func skus(top: Int?) throws -> [SKUSummary] {
        try replayed { replayed, ledger in
            let rows = (0..<replayed.rows.skuRows).map(replayed.rows.sku)
            return try LedgerStore.skus(ledger, top: top) { number, _ in
                number.index < rows.count && rows[number.index].unitsOrdered > 0 ? rows[number.index] : nil
            }
        }
    }

    /// As a store that imported only these events would count them: its events are the versions
    /// of its orders added up, its head and every checkpoint the last seq folded.
    public func statistics() throws -> LedgerStatistics {
        try replayed { replayed, _ in
            var events = 0
            var orders = 0
            var head: UInt64 = 0
            for (state, lastSeq) in zip(replayed.orders, replayed.lastSeqs) where lastSeq != 0 {
                events += Int(state.version)
                orders += 1
                head = max(head, lastSeq)
            }
            let models = replayed.makeReadModels()
            return LedgerStatistics(
                events: events, orders: orders, customers: models.customers.count { $0.orders > 0 },
                skus: models.skus.count { $0.unitsOrdered > 0 }, headSeq: head, byStatus: models.statusCounts,
                checkpoints: Dictionary(uniqueKeysWithValues: ReadModelName.allCases.map { ($0.rawValue, head) }),
                asOf: moment)
        }
    }
}
