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
            // The chain is recomputed on a thread of its own while the comparisons below run on
            // this one; the thread ends before the snapshot does, also when a comparison throws.
            let chainCheck =
                ledger.hasChain
                ? ChainCheck.start(store, as: try ChainCheck.Extent(ledger), expected: expected, shouldStop: shouldStop) : nil
            var checked: Result<ChainCheck, any Error>?
            defer { if let chainCheck, checked == nil { _ = try? chainCheck.wait() } }
            var differences: [String] = []
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
            differences += try checkBatches(headSeq: replayed.headSeq, ledger)
            if (try? ledger.statusCounts()) != replayed.readModels.statusCounts {
                differences.append("stats: the status counts differ from the log's")
            }
            for name in ReadModelName.allCases {
                let checkpoint = (try? ledger.checkpoint(name)).map { "at seq \($0)" } ?? "damaged"
                if checkpoint != "at seq \(replayed.headSeq)" {
                    differences.append("checkpoints: \(name.rawValue) is \(checkpoint), the log at \(replayed.headSeq)")
                }
            }
            var chain: ChainDigest?
            if let chainCheck {
                let outcome = Result { try chainCheck.wait() }
                checked = outcome
                let check = try outcome.get()
                differences.insert(contentsOf: check.problems, at: 0)
                chain = check.head
            } else if expected != nil {
                differences.insert(
                    "chain: this store has no hash chain yet (format \(store.foundFormat ?? 0)); orders upgrade computes it",
                    at: 0)
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
            let stored: StoredOrder?
            do {
                stored = try ledger.order(OrderNumber(UInt32(index)))
            } catch StoreError.corrupt(let detail) {
                found.add("\(name): \(detail)")
                continue
            }
            guard let order = stored else {
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
                guard let key = try? ReadModelCodec.revenueKey(entry.key), let row = try? ReadModelCodec.revenue(entry.value)
                else {
                    found.add("a row does not decode (key \(entry.key.map { String($0, radix: 16) }.joined(separator: " ")))")
                    continue
                }
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

    /// Every batch record and stored rejection decodes, and a batch continues one that exists
    /// and names seqs of the log. (A batch's digest cannot be checked without its file.)
    private func checkBatches(headSeq: UInt64, _ ledger: LedgerTransaction) throws -> [String] {
        var found = Differences("batches")
        guard let databases = ledger.batchDatabases else { return [] }
        var numbers = Set<UInt64>()
        try ledger.txn.withCursor(databases.batches) { cursor in
            for entry in cursor.entries() {
                let number = BigEndianKey64.decode(entry.key)
                numbers.insert(number)
                do {
                    let batch = try StoredBatch(decoding: entry.value)
                    if batch.parent >= number || batch.parent != 0 && !numbers.contains(batch.parent) {
                        found.add("batch \(number) continues batch \(batch.parent), which has no record before it")
                    }
                    if batch.firstSeq > batch.lastSeq && batch.lastSeq != 0 || batch.lastSeq > headSeq {
                        found.add("batch \(number) names seqs \(batch.firstSeq)–\(batch.lastSeq), beyond the log")
                    }
                } catch StoreError.corrupt(let detail) {
                    found.add("batch \(number): \(detail)")
                }
            }
        }
        try ledger.txn.withCursor(databases.rejections) { cursor in
            for entry in cursor.entries() {
                let batch = entry.key.count == 16 ? BigEndianKey64.decode(UnsafeRawBufferPointer(rebasing: entry.key[..<8])) : 0
                do {
                    _ = try StoredRejection(key: entry.key, decoding: entry.value)
                    if !numbers.contains(batch) { found.add("a rejection of batch \(batch), which has no record") }
                } catch StoreError.corrupt(let detail) {
                    found.add("a rejection of batch \(batch): \(detail)")
                }
            }
        }
        return found.lines
    }

    private func compareDictionaries(_ replayed: ReplayedLedger, _ ledger: LedgerTransaction, releasing region: MappedRegion?)
        throws -> [String]
    {
        var found = Differences("ids")
        for (names, ids, named, what) in [
            (\LedgerDatabases.orderNames, \LedgerDatabases.orderIDs, replayed.orderIDs, "order"),
            (\.customerNames, \.customerIDs, replayed.customerIDs, "customer"), (\.skuNames, \.skuIDs, replayed.skuIDs, "sku"),
        ] {
            for table in [names, ids] where try ledger.count(table) != named.count {
                found.add("\(try ledger.count(table)) \(what) ids are stored, the log names \(named.count)")
            }
            try ledger.scan(ids) { entries in
                for entry in entries {
                    let id = String(decoding: entry.key, as: UTF8.self)
                    let number = (try? LedgerTransaction.denseNumber(entry.value)).map(Int.init)
                    if number.map({ $0 >= named.count || named[$0] != id }) ?? true {
                        found.add("\(what) \(id) does not map to the number the log gave it")
                    }
                }
            }
        }
        for (index, name) in replayed.orderIDs.enumerated() {
            if index & (Self.releaseInterval - 1) == 0 { region?.releasePages() }
            if try ledger.orderID(OrderNumber(UInt32(index))) != name { found.add("order number \(index) is not named \(name)") }
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
