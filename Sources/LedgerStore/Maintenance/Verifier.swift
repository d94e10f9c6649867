internal import LMDB
internal import LedgerDomain
public import LedgerServices

/// Replays the whole log in memory and compares the result with the stored read models and
/// dictionaries, and the log with its own invariants (SPEC §7), all in one read snapshot.
public struct Verifier {
    private let store: LedgerStore
    private let core: ReplayCore
    /// At most this many differences are listed per read model (the count says the rest).
    public static let listed = 20

    public init(store: LedgerStore) {
        self.store = store
        core = ReplayCore(store: store)
    }

    /// Replays and compares, and recomputes the log's hash chain (checking it against `expected`,
    /// a digest recorded earlier, when given). `shouldStop` is asked while the log is replayed
    /// and before the comparison; `true` ends the check unfinished with `ReplayInterrupted`.
    public func verify(
        expecting expected: ChainDigest? = nil, progress: (Int) -> Void = { _ in },
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws -> VerifyReport {
        // The pages read are dropped from the map now and then, as a rebuild does: without that,
        // the resident memory would hold most of the data file by the end.
        let region = store.mappedRegion()
        return try store.read { ledger in
            let replayed = try core.replay(
                in: ledger, collectingNames: true, releasingPages: true, progress: progress, shouldStop: shouldStop)
            if shouldStop() { throw ReplayInterrupted() }
            var differences: [String] = []
            var chain: ChainDigest?
            if ledger.hasChain {
                let check = try ChainCheck(ledger, expected: expected, shouldStop: shouldStop)
                differences += check.problems
                chain = check.head
            } else if expected != nil {
                differences.append(
                    "chain: this store has no hash chain yet (format \(store.foundFormat ?? 0)); orders upgrade computes it")
            }
            differences += replayed.problems.map { "log: \($0)" }
            differences += try compareOrders(replayed, ledger, releasing: region)
            region?.releasePages()
            differences += try compareRows(
                "customers", \.customers, expected: replayed.readModels.customers, encode: ReadModelCodec.encode,
                names: replayed.customerIDs, ledger)
            differences += try compareRows(
                "skus", \.skus, expected: replayed.readModels.skus, encode: ReadModelCodec.encode, names: replayed.skuIDs, ledger)
            differences += try compareRevenue(replayed, ledger)
            region?.releasePages()
            differences += try compareDictionaries(replayed, ledger, releasing: region)
            if try ledger.statusCounts() != replayed.readModels.statusCounts {
                differences.append("stats: the status counts differ from the log's")
            }
            for name in ReadModelName.allCases where try ledger.checkpoint(name) != replayed.headSeq {
                differences.append(
                    "checkpoints: \(name.rawValue) is at seq \(try ledger.checkpoint(name)), the log at \(replayed.headSeq)")
            }
            return VerifyReport(
                events: replayed.eventCount, orders: replayed.orders.count, differences: differences, chain: chain)
        }
    }

    /// How many entries a comparison reads between two releases of the mapped pages.
    private static let releaseInterval = 1 << 17

    private func compareOrders(_ replayed: ReplayedLedger, _ ledger: LedgerTransaction, releasing region: MappedRegion?) throws
        -> [String]
    {
        var found = Differences("orders")
        let stored = try ledger.count(\.orders)
        if stored != replayed.orders.count { found.add("\(stored) stored, \(replayed.orders.count) in the log") }
        for (index, state) in replayed.orders.enumerated() {
            if index & (Self.releaseInterval - 1) == 0 { region?.releasePages() }
            let name = replayed.orderIDs[index]
            guard let order = try ledger.order(OrderNumber(UInt32(index))) else {
                found.add("\(name) is missing")
                continue
            }
            if order.state != state {
                found.add(
                    "\(name): stored \(order.state.status) total \(order.state.total) paid \(order.state.paid) refunded \(order.state.refunded) v\(order.state.version); the log gives \(state.status) total \(state.total) paid \(state.paid) refunded \(state.refunded) v\(state.version)"
                )
            }
            if order.lastSeq != replayed.lastSeqs[index] {
                found.add("\(name): latest seq stored \(order.lastSeq), in the log \(replayed.lastSeqs[index])")
            }
        }
        // Both ascend: one walk of each, side by side.
        let expectedIndex = replayed.customerOrderKeys
        var next = 0
        var lacking = 0
        try ledger.scan(\.customerOrders) { entries in
            for entry in entries {
                let key = BigEndianKey64.decode(entry.key)
                while next < expectedIndex.count, expectedIndex[next] < key {
                    lacking += 1
                    next += 1
                }
                if next < expectedIndex.count, expectedIndex[next] == key {
                    next += 1
                } else {
                    found.add("the customer index lists an order the log does not give that customer")
                }
            }
        }
        lacking += expectedIndex.count - next
        if lacking > 0 { found.add("the customer index lacks \(lacking) order(s)") }
        return found.lines
    }

    private func compareRows<Row>(
        _ model: String, _ table: LedgerTransaction.Table, expected: [Row], encode: (Row) -> [UInt8], names: [String],
        _ ledger: LedgerTransaction
    ) throws -> [String] {
        var found = Differences(model)
        let stored = try ledger.count(table)
        if stored != expected.count { found.add("\(stored) rows stored, \(expected.count) from the log") }
        for (index, row) in expected.enumerated() {
            let name = index < names.count ? names[index] : "number \(index)"
            guard let bytes = try ledger.value(table, BigEndianKey32(UInt32(index))) else {
                found.add("\(name) is missing")
                continue
            }
            if !bytes.elementsEqual(encode(row)) { found.add("\(name) differs from the log's") }
        }
        return found.lines
    }

    private func compareRevenue(_ replayed: ReplayedLedger, _ ledger: LedgerTransaction) throws -> [String] {
        var found = Differences("revenue")
        var expected = replayed.readModels.revenue
        try ledger.scan(\.revenue) { entries in
            for entry in entries {
                let key = try ReadModelCodec.revenueKey(entry.key)
                let row = try ReadModelCodec.revenue(entry.value)
                if let want = expected.removeValue(forKey: key) {
                    if want != row { found.add("\(key.date) \(key.currency) differs from the log's") }
                } else {
                    found.add("\(key.date) \(key.currency) is stored but the log has no money event then")
                }
            }
        }
        for key in expected.keys.sorted() { found.add("\(key.date) \(key.currency) is missing") }
        return found.lines
    }

    private func compareDictionaries(_ replayed: ReplayedLedger, _ ledger: LedgerTransaction, releasing region: MappedRegion?)
        throws -> [String]
    {
        var found = Differences("ids")
        for (index, name) in replayed.orderIDs.enumerated() {
            if index & (Self.releaseInterval - 1) == 0 { region?.releasePages() }
            if try ledger.orderID(OrderNumber(UInt32(index))) != name { found.add("order number \(index) is not named \(name)") }
            if let id = OrderID(name), try ledger.orderNumber(id) != OrderNumber(UInt32(index)) {
                found.add("order \(name) does not map to number \(index)")
            }
        }
        for (index, name) in replayed.customerIDs.enumerated() where try ledger.customerID(CustomerNumber(UInt32(index))) != name
        {
            found.add("customer number \(index) is not named \(name)")
        }
        for (index, name) in replayed.skuIDs.enumerated() where try ledger.sku(SKUNumber(UInt32(index))) != name {
            found.add("sku number \(index) is not named \(name)")
        }
        return found.lines
    }
}
