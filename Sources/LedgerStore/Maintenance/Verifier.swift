internal import CMemory
internal import CPrefetch
internal import LMDB
internal import LedgerDomain
public import LedgerServices

/// Replays the whole log in memory and compares the result with the stored read models and
/// dictionaries, and the log with its own invariants (SPEC §7), all in one read snapshot.
///
/// A read model whose checkpoint is some seq X below the log's head (an import under way, or one
/// that did not finish, can leave the read models there) is compared with the log replayed up to
/// X instead: it is consistent when it is what the log gives up to X. The
/// read models are grouped by checkpoint, one bounded replay for each checkpoint below the head
/// (none when nothing lags), made and dropped before the whole log is replayed, so that at most
/// one replay is held at a time. The log, its chain, the id dictionaries and the batches are
/// always checked against the whole log.
public struct Verifier {
    private let store: LedgerStore
    private let core: ReplayCore
    /// At most this many differences are listed per read model (the count says the rest).
    public static let listed = 20
    /// Tests only: runs on the caller's thread once the log is replayed, before the chain's and the
    /// id dictionaries' threads begin their snapshots, so that a test can commit in between.
    var beforeOtherSnapshots: () throws -> Void = {}

    public init(store: LedgerStore) {
        self.init(store: store, eventsPerEpoch: ReplayCore.defaultEventsPerEpoch)
    }

    /// `eventsPerEpoch`: the replay's (`ReplayCore`), fewer in tests.
    init(store: LedgerStore, eventsPerEpoch: Int) {
        self.store = store
        core = ReplayCore(store: store, eventsPerEpoch: eventsPerEpoch)
    }

    /// Replays and compares, and recomputes the log's hash chain (checking it against `expected`,
    /// a digest recorded earlier, when given). `shouldStop` is asked while the log is replayed
    /// and before the comparison; `true` ends the check unfinished with `ReplayInterrupted`.
    public func verify(
        expecting expected: ChainDigest? = nil, progress: (Int) -> Void = { _ in },
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws -> VerifyReport {
        // Large blocks are mapped and handed back when freed, as in an import: otherwise glibc
        // raises its threshold to the largest block freed and keeps the replay's outgrown arrays
        // in its heap (measured on `hostile`: peak RSS 531–543 MiB, 453–478 with this).
        cmemory_bound_heap()
        return try store.read { ledger in
            // The pages read are dropped from the map now and then, as a rebuild does: without that,
            // the resident memory would hold most of the data file by the end. (Asked inside the
            // snapshot: the map stays put while one is open.)
            let region = store.mappedRegion()
            // The read models behind the log, each compared with the log up to its checkpoint, one
            // replay per checkpoint; the others are compared with the whole log below.
            let lagging = try laggingReadModels(ledger)
            var laggingFound: [ReadModelName: [String]] = [:]
            // How many ids the log names up to the checkpoint of a lagging read model: its `…_ids`
            // map at least those.
            var namedAtCheckpoint: [ReadModelName: Int] = [:]
            for seq in Set(lagging.values).sorted() {
                let bounded = try core.replay(
                    in: ledger, asOf: .seq(seq), collectingNames: true, releasingPages: true, progress: { _ in },
                    shouldStop: shouldStop)
                if shouldStop() { throw ReplayInterrupted() }
                for model in ReadModelName.allCases where lagging[model] == seq {
                    laggingFound[model] = try compare(model, with: bounded, ledger, releasing: region)
                    namedAtCheckpoint[model] = bounded.names(of: model).count
                }
            }
            // The replay recomputes the hash chain as it folds, link by link from the digests stored.
            let storedChain = ledger.hasChain ? StoredChain(try ledger.chainLinks()) : nil
            let replayed = try core.replay(
                in: ledger, collectingNames: true, releasingPages: true, checkingChain: storedChain, progress: progress,
                shouldStop: shouldStop)
            if shouldStop() { throw ReplayInterrupted() }
            try beforeOtherSnapshots()
            // Unless every link matched, the chain is recomputed from the start on a thread of its
            // own, to say where it breaks, while the comparisons below run on this one; the thread
            // ends before the snapshot does, also when a comparison throws.
            let extent = ledger.hasChain && !replayed.confirmsChain ? try ChainCheck.Extent(ledger) : nil
            let chainCheck = extent.map {
                ChainCheck.start(store, as: $0, expected: expected, releasing: region, shouldStop: shouldStop)
            }
            var checked: Result<ChainCheck, any Error>?
            defer { if let chainCheck, checked == nil { _ = try? chainCheck.wait() } }
            // The id dictionaries and every database's branch keys are checked on another thread
            // meanwhile (the command ids on this one, after the read models), in a snapshot of its own
            // that counts only if it sees the same commit as this one; if a commit came between
            // them, they are compared here, after the rest.
            let snapshot = ledger.txn.snapshot
            let dictionaryCheck = BackgroundThread { [store, namedAtCheckpoint] () -> [String]? in
                do {
                    return try store.read { other in
                        other.txn.snapshot == snapshot
                            ? try Self.checkBesideReplay(
                                replayed, namedAtCheckpoint: namedAtCheckpoint, other, releasing: region) : nil
                    }
                } catch let error as StoreError where error.isMapResized {
                    return nil  // The data file grew past the map since this snapshot began: a commit came between.
                }
            }
            var dictionaries: Result<[String]?, any Error>?
            defer { if dictionaries == nil { _ = try? dictionaryCheck.wait() } }
            var differences: [String] = []
            differences += replayed.problems.map { "log: \($0)" }
            for model in [ReadModelName.orders, .customers, .skus, .revenue] {
                differences += try laggingFound[model] ?? compare(model, with: replayed, ledger, releasing: region)
            }
            let commands = try Self.checkCommands(replayed, ledger, releasing: region)
            let compared = Result { try dictionaryCheck.wait() }
            dictionaries = compared
            differences +=
                try compared.get()
                ?? Self.checkBesideReplay(replayed, namedAtCheckpoint: namedAtCheckpoint, ledger, releasing: region)
            differences += commands
            differences += try checkBatches(headSeq: replayed.headSeq, ledger)
            differences += try ProvenanceCheck.differences(headSeq: replayed.headSeq, ledger)
            differences += try laggingFound[.stats] ?? compare(.stats, with: replayed, ledger, releasing: region)
            // A lagging checkpoint was compared above; one beyond the log or unreadable is a difference.
            for name in ReadModelName.allCases where lagging[name] == nil {
                let checkpoint = (try? ledger.checkpoint(name)).map { "at seq \($0)" } ?? "damaged"
                if checkpoint != "at seq \(replayed.headSeq)" {
                    differences.append("checkpoints: \(name.rawValue) is \(checkpoint), the log at \(replayed.headSeq)")
                }
            }
            let strays =
                try ledger.count(\.checkpoints)
                - ReadModelName.allCases.count { (try? ledger.value(\.checkpoints, $0.rawValue)) != nil }
            if strays > 0 {
                differences.append("checkpoints: \(strays) \(strays == 1 ? "entry names" : "entries name") no read model")
            }
            var chain: ChainDigest?
            if let storedChain, replayed.confirmsChain {
                let check = try ChainCheck(confirmed: storedChain, expected: expected, in: ledger)
                differences.insert(contentsOf: check.problems, at: 0)
                chain = check.head
            } else if let chainCheck, let extent {
                let outcome = Result { try chainCheck.wait() }
                checked = outcome
                let check: ChainCheck
                do {
                    check = try outcome.get()
                } catch let error as StoreError where error.isMapResized {
                    // The data file grew past the map before the thread's snapshot began: checked here.
                    check = try ChainCheck(ledger, as: extent, expected: expected, releasing: region, shouldStop: shouldStop)
                }
                differences.insert(contentsOf: check.problems, at: 0)
                chain = check.head
            } else if expected != nil {
                differences.insert(
                    "chain: this store has no hash chain yet (format \(store.foundFormat ?? 0)); orders upgrade computes it",
                    at: 0)
            }
            return VerifyReport(
                events: replayed.eventCount, orders: replayed.orders.count, differences: differences, chain: chain,
                lagging: lagging)
        }
    }

    /// The read models whose checkpoint is below the log's last seq, with their checkpoints. (A
    /// checkpoint beyond the log or unreadable is not one of them: it is a difference.)
    private func laggingReadModels(_ ledger: LedgerTransaction) throws -> [ReadModelName: UInt64] {
        let head = try ledger.headSeq()
        var lagging: [ReadModelName: UInt64] = [:]
        for name in ReadModelName.allCases {
            if let seq = try? ledger.checkpoint(name), seq < head { lagging[name] = seq }
        }
        return lagging
    }

    /// Compares the read model `model` with `replayed`, the log replayed up to its checkpoint (the
    /// whole log, or up to the seq where a lagging read model stands), which named its ids.
    private func compare(
        _ model: ReadModelName, with replayed: ReplayedLedger, _ ledger: LedgerTransaction, releasing region: MappedRegion?
    ) throws -> [String] {
        // The customer and sku rows are encoded straight from the replay's flat rows, as a
        // rebuild writes them: no read model rows are made (measured on `hostile`: making them
        // was a fifth of what verify does after the replay, on one core).
        let rows = replayed.rows
        switch model {
        case .orders:
            return try compareOrders(replayed, ledger, releasing: region)
        case .customers:
            let order = rows.slotsInCurrencyOrder
            return try compareRows(
                "customers", \.customers, count: rows.customerRows, size: rows.encodedSize(customer:),
                encode: { rows.encode(customer: $0, order: order, into: $1) }, decode: ReadModelCodec.customer,
                names: replayed.customerIDs, ledger, releasing: region)
        case .skus:
            let order = rows.slotsInCurrencyOrder
            return try compareRows(
                "skus", \.skus, count: rows.skuRows, size: rows.encodedSize(sku:),
                encode: { rows.encode(sku: $0, order: order, into: $1) }, decode: ReadModelCodec.sku, names: replayed.skuIDs,
                ledger, releasing: region)
        case .revenue:
            return try compareRevenue(rows.revenueByKey, ledger)
        case .stats:
            var found: [String] = []
            if (try? ledger.statusCounts()) != rows.statusTotals {
                found.append("stats: the status counts differ from the log's")
            }
            // Its one row is the status counts: any other key is a stray.
            let strays = try ledger.count(\.stats) - (try ledger.value(\.stats, LedgerTransaction.statusCountsKey) == nil ? 0 : 1)
            if strays > 0 { found.append("stats: \(strays) \(strays == 1 ? "entry" : "entries") besides the status counts") }
            return found
        }
    }

    /// How many entries a comparison reads between two releases of the mapped pages.
    private static let releaseInterval = 1 << 17

    /// How many keys of the customer→orders index wait while their orders' customers are
    /// prefetched (a power of two).
    private static let lookahead = 16

    private func compareOrders(_ replayed: ReplayedLedger, _ ledger: LedgerTransaction, releasing region: MappedRegion?) throws
        -> [String]
    {
        var found = Differences("orders")
        let stored = try ledger.count(\.orders)
        if stored != replayed.orders.count { found.add("\(stored) stored, \(replayed.orders.count) in the log") }
        let customersNamed = try ledger.count(\.customerNames)
        // The stored orders and the replayed ones, side by side: one walk of `orders`, and a name
        // made only for an order that differs. A stored order that is the replayed one's bytes,
        // numbers an order may hold, is not decoded.
        var customers = [UInt32](repeating: 0, count: replayed.orders.count)
        try Self.walkNumbered(\.orders, count: replayed.orders.count, ledger, releasing: region) { index, bytes in
            let expected = replayed.entries[index]
            customers[index] = expected.state.customer.rawValue
            if let bytes, OrderStateCodec.holds(bytes, expected.state, lastSeq: expected.lastSeq),
                OrderStateCodec.canHold(expected.state, lastSeq: expected.lastSeq), expected.state.customer.index < customersNamed
            {
                return
            }
            let name = { replayed.orderIDs[index] }
            guard let bytes else { return found.add("\(name()) is missing") }
            let state: OrderState
            let lastSeq: UInt64
            do {
                (state, lastSeq) = try OrderStateCodec.decode(bytes)
            } catch StoreError.corrupt(let detail) {
                return found.add("\(name()): order number \(index): \(detail)")
            }
            guard state.customer.index < customersNamed else {
                return found.add(
                    "\(name()): order number \(index) names customer number \(state.customer.rawValue), which has no id")
            }
            if state != expected.state {
                found.add("\(name()): stored \(Self.describe(state)); the log gives \(Self.describe(expected.state))")
            }
            if lastSeq != expected.lastSeq {
                found.add("\(name()): latest seq stored \(lastSeq), in the log \(expected.lastSeq)")
            }
        }
        // The index lists each order once, under its customer (`CustomerIndexCheck`).
        var index = CustomerIndexCheck()
        // The orders of a customer lie anywhere in `customers`: each key waits in a ring while its
        // order's customer is prefetched (measured on `compact`: without it, a miss per key made
        // this check most of the comparison of the orders).
        var ring = [UInt64](repeating: 0, count: Self.lookahead)
        var waiting = 0
        var next = 0
        // Its keys are all it holds: a value, or a key that is not two numbers, is damage.
        var entriesFound = Differences("customer_orders")
        try customers.withUnsafeBufferPointer { numbers in
            try ledger.scan(\.customerOrders) { entries in
                for entry in entries {
                    let key = BigEndianKey64.decode(entry.key)
                    if entry.key.count != 8 || !entry.value.isEmpty {
                        entriesFound.add(
                            "key \(Self.describe(entry.key)) \(entry.key.count != 8 ? "is not a customer and an order number" : "holds a value")"
                        )
                    }
                    let order = Int(key & 0xFFFF_FFFF)
                    if order < numbers.count { cprefetch_for_read(numbers.baseAddress! + order) }
                    if waiting == ring.count { index.check(ring[next], customers: numbers, &found) } else { waiting += 1 }
                    ring[next] = key
                    next = (next + 1) & (Self.lookahead - 1)
                }
            }
            for offset in (ring.count - waiting)..<ring.count {
                index.check(ring[(next + offset) & (Self.lookahead - 1)], customers: numbers, &found)
            }
        }
        let listed = index.listed
        let lacking = customers.count - listed
        if lacking > 0 { found.add("the customer index lacks \(lacking) order(s)") }
        return found.lines + entriesFound.lines
    }

    /// A stored key as a difference names it: its bytes in hex, and the number they are when
    /// they are 4 or 8 bytes (a dense number, a seq, a customer and order number).
    static func describe(_ key: UnsafeRawBufferPointer) -> String {
        let hex = key.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        switch key.count {
        case 4: return "\(BigEndianKey32.decode(key)) (\(hex))"
        case 8: return "\(BigEndianKey64.decode(key)) (\(hex))"
        default: return hex.isEmpty ? "(empty)" : hex
        }
    }

    /// Walks `table`, keyed by dense number (big-endian), beside the numbers `0..<count`: `body`
    /// gets each number with its stored value, or `nil` when none is stored. Keys of another
    /// length or past `count` are passed over (comparing the table's count says they are there).
    /// The pages read are dropped from the map now and then.
    private static func walkNumbered(
        _ table: LedgerTransaction.Table, count: Int, _ ledger: LedgerTransaction, releasing region: MappedRegion?,
        _ body: (Int, UnsafeRawBufferPointer?) throws -> Void
    ) throws {
        var next = 0
        func visit(_ number: Int, _ value: UnsafeRawBufferPointer?) throws {
            if number & (Self.releaseInterval - 1) == 0 { region?.releasePages() }
            try body(number, value)
        }
        try ledger.scan(table) { entries in
            for entry in entries where entry.key.count == 4 {
                let number = Int(BigEndianKey32.decode(entry.key))
                guard number < count else { break }
                while next < number {
                    try visit(next, nil)
                    next += 1
                }
                try visit(number, entry.value)
                next = number + 1
            }
        }
        while next < count {
            try visit(next, nil)
            next += 1
        }
    }

    /// Compares the `count` rows of `table` with rows `0..<count` of the replay, each encoded by
    /// `encode` into `size` of its number bytes. Rows whose bytes differ are compared once more as
    /// `decode` reads them: a row an older format laid out (`ReadModelCodec`) holds the same sums
    /// in other bytes.
    private func compareRows<Row: Equatable>(
        _ model: String, _ table: LedgerTransaction.Table, count expected: Int, size: (Int) -> Int,
        encode: (Int, UnsafeMutableRawBufferPointer) -> Void, decode: (UnsafeRawBufferPointer) throws(StoreError) -> Row,
        names: NameList, _ ledger: LedgerTransaction, releasing region: MappedRegion?
    ) throws -> [String] {
        var found = Differences(model)
        let stored = try ledger.count(table)
        if stored != expected { found.add("\(stored) rows stored, \(expected) from the log") }
        // Each row is encoded into one reused buffer and compared with the stored bytes in place.
        var buffer = [UInt8](repeating: 0, count: 64)
        try Self.walkNumbered(table, count: expected, ledger, releasing: region) { index, bytes in
            let name = { index < names.count ? names[index] : "number \(index)" }
            guard let bytes else { return found.add("\(name()) is missing") }
            let count = size(index)
            if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
            let same = buffer.withUnsafeMutableBytes { raw in
                let encoded = UnsafeMutableRawBufferPointer(rebasing: raw[..<count])
                encode(index, encoded)
                if bytes.hasSameBytes(as: UnsafeRawBufferPointer(encoded)) { return true }
                guard let stored = try? decode(bytes) else { return false }
                return (try? decode(UnsafeRawBufferPointer(encoded))) == stored
            }
            if !same { found.add("\(name()) differs from the log's") }
        }
        return found.lines
    }

    private func compareRevenue(_ replayed: [RevenueKey: RevenueTotals], _ ledger: LedgerTransaction) throws -> [String] {
        var found = Differences("revenue")
        var expected = replayed
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
    /// and names seqs of the log. From format 6 on, each record passes its check, `batch_heads`
    /// holds exactly the key each record gives, and each batch's stored rejections are the count
    /// and sum its record keeps. (A batch's digest is checked as part of its record: its file is not
    /// at hand.) Format 1's import records decode.
    // Safe: keys are sliced only where their length was checked; what is borrowed from the
    // snapshot is compared or copied inside the walk.
    private func checkBatches(headSeq: UInt64, _ ledger: LedgerTransaction) throws -> [String] {
        var found = Differences("batches")
        var heads = Differences("batch_heads")
        var rejections = Differences("rejections")
        guard let databases = ledger.batchDatabases else { return [] }
        let checked = ledger.databases.checked
        var records: [UInt64: StoredBatch] = [:]
        var expectedHeads: [[UInt8]: UInt64] = [:]
        try ledger.txn.withCursor(databases.batches) { cursor in
            for entry in cursor.entries() {
                guard entry.key.count == 8 else {
                    found.add("key \(Self.describe(entry.key)) is not a batch number")
                    continue
                }
                let number = BigEndianKey64.decode(entry.key)
                do {
                    let batch = try StoredBatch(decoding: entry.value, number: number, checked: checked)
                    if batch.parent >= number || batch.parent != 0 && records[batch.parent] == nil {
                        found.add("batch \(number) continues batch \(batch.parent), which has no record before it")
                    }
                    if batch.firstSeq > batch.lastSeq && batch.lastSeq != 0 || batch.lastSeq > headSeq {
                        found.add("batch \(number) names seqs \(batch.firstSeq)–\(batch.lastSeq), beyond the log")
                    }
                    records[number] = batch
                    if checked {
                        expectedHeads[
                            BatchHead.key(of: batch, headDigest: StoredBatch.headDigest(in: entry.value), number: number)] =
                            number
                    }
                } catch StoreError.corrupt(let detail) {
                    found.add("batch \(number): \(detail)")
                }
            }
        }
        try ledger.txn.withCursor(databases.heads) { cursor in
            for entry in cursor.entries() {
                if !entry.value.isEmpty { heads.add("key \(Self.describe(entry.key)) holds a value") }
                guard checked, expectedHeads.removeValue(forKey: Array(entry.key)) == nil else { continue }
                let number =
                    entry.key.count >= 8 ? BigEndianKey64.decode(UnsafeRawBufferPointer(rebasing: entry.key.suffix(8))) : 0
                heads.add("key \(Self.describe(entry.key)) is not the head key of batch \(number)'s record")
            }
        }
        for number in expectedHeads.values.sorted() {
            heads.add("batch \(number) has lost its head key")
        }
        var stored: [UInt64: (count: Int, sum: UInt64)] = [:]
        try ledger.txn.withCursor(databases.rejections) { cursor in
            for entry in cursor.entries() {
                let batch = entry.key.count == 16 ? BigEndianKey64.decode(UnsafeRawBufferPointer(rebasing: entry.key[..<8])) : 0
                do {
                    let rejection = try StoredRejection(key: entry.key, decoding: entry.value)
                    if records[batch] == nil { rejections.add("a rejection of batch \(batch), which has no record") }
                    let before = stored[batch] ?? (0, 0)
                    stored[batch] = (before.count + 1, before.sum &+ StoredRejection.check(of: entry.value, line: rejection.line))
                } catch StoreError.corrupt(let detail) {
                    rejections.add("a rejection of batch \(batch): \(detail)")
                }
            }
        }
        if checked {
            for (number, batch) in records.sorted(by: { $0.key < $1.key }) {
                let (count, sum) = stored[number] ?? (0, 0)
                if count != batch.storedRejections {
                    rejections.add("batch \(number) has \(count) stored, its record counts \(batch.storedRejections)")
                } else if sum != batch.rejectionSum {
                    rejections.add("batch \(number): a stored rejection differs from what its record sums")
                }
            }
        }
        // Format 1's records of imports, kept until an import adopts them: nothing else records
        // them, so only that each decodes is checked.
        var imports = Differences("imports")
        try ledger.scan(\.imports) { entries in
            for entry in entries {
                do {
                    _ = try ImportProgress(decoding: entry.value)
                } catch StoreError.corrupt(let detail) {
                    imports.add("key \(Self.describe(entry.key)): \(detail)")
                }
            }
        }
        return found.lines + heads.lines + rejections.lines + imports.lines
    }

    /// What the thread beside the comparison of the read models checks, in one snapshot: the id
    /// dictionaries and every database's branch keys (the comparison's thread, which finishes
    /// sooner, checks the command ids).
    private static func checkBesideReplay(
        _ replayed: ReplayedLedger, namedAtCheckpoint: [ReadModelName: Int], _ ledger: LedgerTransaction,
        releasing region: MappedRegion?
    ) throws -> [String] {
        try compareDictionaries(replayed, namedAtCheckpoint: namedAtCheckpoint, ledger, releasing: region)
            + checkRouting(ledger, releasing: region)
    }

    /// `commands` against the log (format 6): each key a seq whose id passes its check, and the
    /// seqs named those of the events flagged as accepted with a command id. The replay tallied
    /// those (`CommandTally`); only when the tallies differ is the log walked again beside
    /// `commands`, to name the seqs.
    private static func checkCommands(
        _ replayed: ReplayedLedger, _ ledger: LedgerTransaction, releasing region: MappedRegion?
    ) throws -> [String] {
        guard ledger.databases.checked else { return [] }
        var found = Differences("commands")
        var tally = CommandTally()
        var read = 0
        try ledger.scan(\.commands) { entries in
            for entry in entries {
                read += 1
                if read & (Self.releaseInterval - 1) == 0 { region?.releasePages() }
                guard entry.key.count == 8 else {
                    found.add("key \(Self.describe(entry.key)) is not a seq")
                    continue
                }
                let seq = BigEndianKey64.decode(entry.key)
                tally.add(seq)
                if CommandIDs.id(in: entry.value, seq: seq) == nil { found.add("seq \(seq): its command id fails its check") }
            }
        }
        if tally != replayed.commandIDs { try nameCommandDifferences(ledger, &found) }
        let flagged = replayed.commandIDs.count
        switch Result(catching: { try ledger.countedCommandIDs() }) {
        case .success(let counted) where (counted ?? 0) == flagged: break
        case .success(let counted):
            found.add("meta counts \(counted ?? 0) command ids (key command_ids), the log flags \(flagged)")
        case .failure: found.add("meta's count of command ids (key command_ids) is damaged, the log flags \(flagged)")
        }
        return found.lines
    }

    /// An order's state in a difference: every field, so that the two sides show where they part.
    private static func describe(_ state: OrderState) -> String {
        "\(state.status) \(state.currency) total \(state.total) paid \(state.paid) refunded \(state.refunded) "
            + "v\(state.version) customer number \(state.customer.rawValue) \(state.lineCount) lines of \(state.itemCount) items "
            + "placed \(state.placedAt) updated \(state.updatedAt)"
    }

    /// Walks the log beside `commands` and names each seq where they disagree.
    private static func nameCommandDifferences(_ ledger: LedgerTransaction, _ found: inout Differences) throws {
        try ledger.withCursor(\.commands) { commands in
            var command = try commands.first()
            func commandSeq() -> UInt64? { command.map { BigEndianKey64.decode($0.key) } }
            try ledger.scan(\.log) { entries in
                for entry in entries {
                    let seq = LedgerTransaction.seq(entry.key)
                    while let claimed = commandSeq(), claimed < seq || command?.key.count != 8 {
                        if command?.key.count == 8 {
                            found.add("seq \(claimed) holds a command id, but the log has no event there")
                        }
                        command = try commands.next()
                    }
                    let holds = commandSeq() == seq
                    switch (LedgerSnapshot.carriesCommandID(entry.value), holds) {
                    case (true, false): found.add("seq \(seq) has lost its command id")
                    case (false, true): found.add("seq \(seq) holds a command id, but its event was accepted without one")
                    default: break
                    }
                    if holds { command = try commands.next() }
                }
            }
            while let claimed = commandSeq() {
                if command?.key.count == 8 { found.add("seq \(claimed) holds a command id, but the log has no event there") }
                command = try commands.next()
            }
        }
    }

    /// Every database's entries that a lookup from the root does not find where a walk in key
    /// order does: a damaged key on a branch page (`Transaction.unreachableKeys`).
    private static func checkRouting(_ ledger: LedgerTransaction, releasing region: MappedRegion?) throws -> [String] {
        var found: [String] = []
        for (name, database) in ledger.databases.named {
            let keys = try ledger.txn.unreachableKeys(in: database, named: name, region: region, limit: listed)
            found += keys.map { key in
                key.withUnsafeBytes {
                    "\(name): a lookup of key \(describe($0)) does not find it (a damaged branch page)"
                }
            }
        }
        return found
    }

    /// The `…_names` and `…_ids` databases against the ids `replayed` named. The `…_ids` of a read
    /// model that lags map the first ids only, at least those named up to its checkpoint
    /// (`namedAtCheckpoint`): an import maps its new ids with the read models (`indexIDs`); one of
    /// format 4 mapped them with each chunk.
    private static func compareDictionaries(
        _ replayed: ReplayedLedger, namedAtCheckpoint: [ReadModelName: Int], _ ledger: LedgerTransaction,
        releasing region: MappedRegion?
    ) throws -> [String] {
        var found = Differences("ids")
        for (model, what) in [(ReadModelName.orders, "order"), (.customers, "customer"), (.skus, "sku")] {
            guard let (names, ids) = LedgerTransaction.idDatabases(of: model) else { continue }
            let named = replayed.names(of: model)
            if try ledger.count(names) != named.count {
                found.add("\(try ledger.count(names)) \(what) ids are stored, the log names \(named.count)")
            }
            let mapped = try ledger.count(ids)
            // How many of the first ids `ids` should map: all, or while the read model lags, as
            // many as it holds (no fewer than were named up to the checkpoint).
            var first = named.count
            if let least = namedAtCheckpoint[model] {
                first = min(max(mapped, least), named.count)
                if first != mapped {
                    found.add(
                        "\(mapped) \(what) ids are stored, the log names \(least) up to the \(model.rawValue) read model's "
                            + "checkpoint and \(named.count) in all")
                }
            } else if mapped != named.count {
                found.add("\(mapped) \(what) ids are stored, the log names \(named.count)")
            }
            var past = 0
            // Ids are compared as bytes, in place; one is made into text only to be listed. The
            // stored ids come in byte order, their numbers anywhere: each waits in a ring while
            // where its replayed bytes lie, and then those bytes, are prefetched.
            let none = UnsafeRawBufferPointer(start: nil, count: 0)
            var ring = [(id: UnsafeRawBufferPointer, number: Int?)](repeating: (none, nil), count: Self.lookahead)
            let mask = Self.lookahead - 1
            var waiting = 0
            var next = 0
            var read = 0
            try ledger.scan(ids) { entries in
                for entry in entries {
                    read += 1
                    if read & (Self.releaseInterval - 1) == 0 { region?.releasePages() }
                    let number = (try? LedgerTransaction.denseNumber(entry.value)).map(Int.init)
                    if let number { named.prefetchEnd(of: number) }
                    if let number, number >= first, number < named.count { past += 1 }
                    if let halfway = ring[(next + Self.lookahead / 2) & mask].number, waiting == Self.lookahead {
                        named.prefetchBytes(of: halfway)
                    }
                    if waiting == Self.lookahead {
                        checkID(ring[next].id, ring[next].number, named, what, &found)
                    } else {
                        waiting += 1
                    }
                    ring[next] = (entry.key, number)
                    next = (next + 1) & mask
                }
            }
            for offset in (Self.lookahead - waiting)..<Self.lookahead {
                let (id, number) = ring[(next + offset) & mask]
                checkID(id, number, named, what, &found)
            }
            if past > 0 {
                found.add("\(past) \(what) ids map numbers past the first \(first), which an import maps with its read models")
            }
            try walkNumbered(names, count: named.count, ledger, releasing: region) { number, bytes in
                if bytes.map({ !named.hasBytes($0, at: number) }) ?? true {
                    found.add("\(what) number \(number) is not named \(named[number])")
                }
            }
        }
        return found.lines
    }

    /// Whether the stored id `id`, which maps to `number`, is the id the log gave that number.
    private static func checkID(
        _ id: UnsafeRawBufferPointer, _ number: Int?, _ named: NameList, _ what: String, _ found: inout Differences
    ) {
        if number.map({ $0 >= named.count || !named.hasBytes(id, at: $0) }) ?? true {
            found.add("\(what) \(String(decoding: id, as: UTF8.self)) does not map to the number the log gave it")
        }
    }
}
