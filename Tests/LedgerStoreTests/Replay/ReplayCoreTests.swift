import BatchGenerator
import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

struct ReplayCoreTests {
    let directory = TemporaryDirectory()
    var path: String { directory.path + "/store" }

    /// Seed 5, 70 customers, 40 skus, commits of 61 records.
    func settings(orders: Int, badShare: Double) -> GeneratorSettings {
        GeneratorSettings(orders: orders, seed: 5, badShare: badShare, customers: 70, skus: 40)
    }

    @Test func everyThreadCountReplaysTheSameLedger() throws {
        let store = try GeneratedStore.make(in: directory, settings(orders: 800, badShare: 0.15), chunkSize: 61)
        let whole = try ReplayCore(store: store, threads: 1).replay(collectingNames: true)
        #expect(whole.problems.isEmpty)
        #expect(whole.orders.count == 800 && whole.orderIDs.count == 800)
        for threads in [2, 3, 4] {
            let split = try ReplayCore(store: store, threads: threads).replay(collectingNames: true)
            #expect(Array(split.orders) == Array(whole.orders), "\(threads) threads")
            #expect(Array(split.lastSeqs) == Array(whole.lastSeqs))
            #expect(split.makeReadModels() == whole.makeReadModels())
            #expect(split.headSeq == whole.headSeq)
            #expect(split.orderIDs == whole.orderIDs && split.customerIDs == whole.customerIDs && split.skuIDs == whole.skuIDs)
            #expect(split.problems.isEmpty)
        }
    }

    /// A log longer than an epoch is folded an epoch after another (each epoch's deferred events
    /// folded before the next begins): whatever the epochs' length and the number of threads, the
    /// same ledger as one thread's replay of the whole log, and verify and a rebuild of every row
    /// agree with the import.
    @Test func aReplayInManyEpochsFoldsTheSameLedgerAsOneInAnyNumberOfThreads() throws {
        let store = try GeneratedStore.make(
            in: directory, GeneratorProfile.spread.settings(orders: 1_500, seed: 3, badShare: 0.1), chunkSize: 61)
        let whole = try ReplayCore(store: store, threads: 1).replay(collectingNames: true)
        #expect(whole.problems.isEmpty)
        let events = Int(whole.headSeq)
        #expect(events > 4 * 1_500)
        for eventsPerEpoch in [97, 1_000, events - 1, events] {
            for threads in [1, 2, 3, 4] {
                let split = try ReplayCore(store: store, threads: threads, eventsPerEpoch: eventsPerEpoch).replay(
                    collectingNames: true)
                let label = "\(threads) threads, epochs of \(eventsPerEpoch) events"
                #expect(split.problems.isEmpty, "\(label): \(split.problems.prefix(2))")
                #expect(Array(split.orders) == Array(whole.orders), "\(label)")
                #expect(Array(split.lastSeqs) == Array(whole.lastSeqs), "\(label)")
                #expect(split.makeReadModels() == whole.makeReadModels(), "\(label)")
                #expect(split.headSeq == whole.headSeq)
                #expect(
                    split.orderIDs == whole.orderIDs && split.customerIDs == whole.customerIDs && split.skuIDs == whole.skuIDs)
            }
        }
        let verified = try Verifier(store: store, eventsPerEpoch: 500).verify()
        #expect(verified.isConsistent, "\(verified.differences.prefix(3))")
        let before = try store.readModelBytes()
        for database in ["orders", "customer_orders", "customers", "skus", "revenue", "stats"] {
            try StoreFixture.clear(database: database, at: path)
        }
        let emptied = try LedgerStore(path: path, durable: false)
        _ = try Rebuilder(store: emptied, rowsPerNestedTransaction: 300, eventsPerEpoch: 700).rebuild()
        #expect(try emptied.readModelBytes() == before)
    }

    /// Breaks a field of a later event of order number 1 (the stream version at byte 8, or the
    /// previous seq at byte 44): with several threads, the events of an early order in later
    /// ranges are folded when the ranges are joined, from the facts the scan kept of them.
    @Test(arguments: [(8, "order number 1 jumps from version"), (44, "order number 1's stream points back to")])
    func aBrokenStreamIsReportedWhicheverThreadFoldsIt(field: Int, problem: String) throws {
        do {
            _ = try GeneratedStore.make(in: directory, settings(orders: 40, badShare: 0), chunkSize: 61)
        }
        let log = try StoreFixture.entries(database: "log", at: path)
        let (key, event) = try #require(
            log.last {
                $0.value[0] != EventKind.placed.rawValue && $0.value[4] == 1 && $0.value[5...7].allSatisfy { $0 == 0 }
            })
        #expect(Int(key[7]) + Int(key[6]) << 8 > log.count / 4, "with four threads, the damaged event lies in a later range")
        var damaged = event
        damaged[field] &+= 5
        try StoreFixture.put(damaged, key: key, database: "log", at: path)
        let store = try LedgerStore(path: path)
        for threads in [1, 2, 4] {
            let replayed = try ReplayCore(store: store, threads: threads).replay()
            #expect(replayed.problems.contains { $0.contains(problem) }, "\(threads) threads")
        }
        #expect(
            try Verifier(store: store).verify().differences.contains {
                $0.hasPrefix("log: seq ") && $0.contains(problem)
            })
    }

    @Test func rowChangesFoldedBatchByBatchInRowOrderGiveWhatTheImportStored() throws {
        // Lifecycles spread over the log and more row changes per thread than a batch holds
        // (`StagedRows`): the ranges and the join's deferred events both fold through batches,
        // the last of each partly filled.
        let store = try GeneratedStore.make(
            in: directory, GeneratorProfile.spread.settings(orders: 12_000, seed: 9), chunkSize: 4_096)
        #expect(try store.statistics().events > 2 * StagedRows.batchSize)
        for threads in [1, 2] {
            let replayed = try ReplayCore(store: store, threads: threads).replay()
            #expect(replayed.problems.isEmpty, "\(threads) threads: \(replayed.problems.prefix(2))")
        }
        let verified = try Verifier(store: store).verify()
        #expect(verified.isConsistent, "\(verified.differences.prefix(3))")
    }

    /// When a rebuild or verify has dropped the map's pages since an order was placed, its cancel
    /// takes back the order's lines once the range is folded (`CancelledLines`), reading them in the
    /// map again: the rows come out as if it had read them at once.
    @Test func aCancelTakesBackItsLinesLaterWhenTheMapsPagesWereDroppedSinceItsOrderWasPlaced() throws {
        let store = try GeneratedStore.make(in: directory, settings(orders: 400, badShare: 0), chunkSize: 61)
        let region = try #require(store.mappedRegion())
        func replayed(droppingPagesAfterEachEvent drops: Bool) throws -> InMemoryReadModels {
            try store.read { ledger in
                let sizes = ReplaySizes(
                    orders: try ledger.count(\.orderNames), customers: try ledger.count(\.customerNames),
                    skus: try ledger.count(\.skuNames))
                var run = ReplayRun(
                    collectingNames: false, expected: sizes,
                    bounds: EventBounds(orders: sizes.orders, customers: sizes.customers, skus: sizes.skus),
                    rows: ReplayRows(customers: sizes.customers, skus: sizes.skus), partitions: 1,
                    region: drops ? region : nil, events: try ledger.count(\.log))
                try ledger.withCursor(\.log) { cursor in
                    var entry = try cursor.first()
                    while let current = entry {
                        run.fold(seq: LedgerTransaction.seq(current.key), bytes: current.value)
                        if drops { region.releasePages() }
                        entry = try cursor.next()
                    }
                }
                let (part, rows) = run.finish()
                #expect(part.problems.isEmpty && part.deferred.allSatisfy(\.isEmpty))
                return rows.finished()
            }
        }
        let atOnce = try replayed(droppingPagesAfterEachEvent: false)
        #expect(atOnce.skus.contains { $0.unitsCancelled > 0 }, "the batch cancels orders")
        #expect(try replayed(droppingPagesAfterEachEvent: true) == atOnce)
    }

    /// A row's sum on the way may pass `Int64`'s bounds where the whole does not: a sku's revenue
    /// placed twice over before the cancels kept for later are taken back (`CancelledLines`), or
    /// one thread's share of it. The rows give the exact whole (a review found verify and rebuild
    /// trapping on such a store, which the import had taken).
    @Test func rowsAddUpToTheWholeWhenASumOnTheWayPassesInt64sBounds() throws {
        let euro = try #require(Currency("EUR"))
        let big: Int64 = 5_000_000_000_000_000_000
        var rows = ReplayRows(customers: 1, skus: 1)
        let slot = rows.slot(of: euro)
        for revenue in [big, big, -big] {
            rows.addToSKU(row: 0, slot: slot, unitsOrdered: 1, unitsCancelled: 0, revenue: revenue)
            rows.addToCustomer(row: 0, slot: slot, orders: 1, openOrders: 1, cancelled: 0, net: revenue)
        }
        var other = ReplayRows(customers: 1, skus: 1)
        other.addToSKU(row: 0, slot: other.slot(of: euro), unitsOrdered: 0, unitsCancelled: 0, revenue: -big)
        rows.merge(other)
        #expect(rows.sku(0).revenue[euro] == 0 && rows.sku(0).unitsOrdered == 3)
        #expect(rows.customer(0).net[euro] == big && rows.customer(0).orders == 3)
    }

    @Test func segmentsReadAsOneCollection() {
        #expect(Array(Segmented([[0, 1, 2], [3, 4]])) == [0, 1, 2, 3, 4])
        #expect(Array(Segmented([[0], [], [1, 2], [3]])) == [0, 1, 2, 3])
        #expect(Segmented([[Int](), []]).isEmpty)
        #expect(Segmented([[5, 6], [7]])[2] == 7)
    }

    @Test func theLogSplitsIntoConsecutiveRanges() {
        #expect(ReplayRange.split(upTo: 10, into: 3).map(\.seqs) == [0...3, 4...6, 7...10])
        #expect(ReplayRange.split(upTo: 2, into: 4).map(\.seqs) == [0...1, 2...2])
        #expect(ReplayRange.split(upTo: 0, into: 4).map(\.seqs) == [0...0])
    }

    @Test func aChainCutsTheRangesWhereItsLinksEndInTheirSecondHalf() {
        let chain = StoredChain([(2, []), (4, []), (8, []), (9, []), (10, [])].map { (seq: $0.0, digest: $0.1) })
        // 0...3 ends at 2 (in 1...3), then 3...6 at 4 (in 4...6); the last range ends at the head.
        #expect(ReplayRange.split(upTo: 10, into: 3, cuttingAt: chain).map(\.seqs) == [0...2, 3...4, 5...10])
        // A range with no end in its second half keeps its end.
        #expect(ReplayRange.split(upTo: 30, into: 3, cuttingAt: chain).map(\.seqs) == [0...10, 11...20, 21...30])
        #expect(ReplayRange.split(upTo: 12, into: 2, cuttingAt: chain).map(\.seqs) == [0...4, 5...12])
        #expect(ReplayRange.split(upTo: 10, into: 3, cuttingAt: StoredChain([])).map(\.seqs) == [0...3, 4...6, 7...10])
    }

    @Test func theReplayConfirmsTheStoredChainOnlyIfEveryLinkMatchesToTheHead() throws {
        // Enough orders for a dozen links, so that every range of three threads ends where one does.
        let store = try GeneratedStore.make(in: directory, settings(orders: 3_000, badShare: 0.1), chunkSize: 613)
        try store.read { ledger in
            let links = try ledger.chainLinks()
            #expect(links.count > 8)
            func confirms(_ links: [(seq: UInt64, digest: [UInt8])], threads: Int = 2) throws -> Bool {
                try ReplayCore(store: store, threads: threads).replay(
                    in: ledger, collectingNames: false, releasingPages: false, checkingChain: StoredChain(links),
                    progress: { _ in }, shouldStop: { false }
                ).confirmsChain
            }
            for threads in [1, 2, 3] { #expect(try confirms(links, threads: threads), "\(threads) threads") }
            for damaged in [0, links.count / 2, links.count - 1] {
                var changed = links
                changed[damaged].digest[7] ^= 1
                #expect(try !confirms(changed), "link \(damaged) changed")
            }
            #expect(try !confirms(Array(links.dropLast())), "the chain ends before the log")
            #expect(try !confirms(Array(links.dropFirst())), "the first link is missing")
            var merged = links
            merged.remove(at: links.count / 2)
            #expect(try !confirms(merged), "two links in one")
            #expect(try !confirms([(seq: 0, digest: ChainLink.genesis)] + links), "a link before the first seq")
            let unchecked = try ReplayCore(store: store).replay(
                in: ledger, collectingNames: false, releasingPages: false, progress: { _ in }, shouldStop: { false })
            #expect(!unchecked.confirmsChain)
        }
    }

    @Test func theJoinDealsBlocksOfOrdersEvenlyAmongItsThreads() {
        for count in [1, 2, 3, 4] {
            let owners = (UInt32(0)..<64_000).map { DeferredFold.partition(of: $0, among: count) }
            #expect(owners.allSatisfy { (0..<count).contains($0) })
            for partition in 0..<count {
                let share = Double(owners.filter { $0 == partition }.count) / 64_000
                #expect(abs(share - 1 / Double(count)) < 0.1, "partition \(partition) of \(count) folds \(share)")
            }
            // A block of 64 consecutive orders (whole cache lines of every order array) goes to one thread.
            #expect(stride(from: 0, to: owners.count, by: 64).allSatisfy { Set(owners[$0..<($0 + 64)]).count == 1 })
        }
    }

    @Test func anEncodedEventReadsBackWhatWasWritten() throws {
        let lines = [
            EventLine(sku: SKUNumber(3), quantity: 2, unitPrice: 250), EventLine(sku: SKUNumber(9), quantity: 1, unitPrice: 99),
        ]
        let event = OrderEvent(
            kind: .placed, order: OrderNumber(12), version: 1, at: Timestamp(milliseconds: 1_700_000_000_000), amount: 599,
            customer: CustomerNumber(4), currency: try #require(Currency("EUR")), lines: lines)
        let names = NameDefinitions(order: "O-12", customer: "C-4", skus: ["SKU-9"])
        let bytes = encoded(event, names: names, previousSeq: 0)
        try bytes.withUnsafeBytes { raw in
            let read = try EncodedEvent(raw)
            #expect(read.kind == .placed && read.order == event.order && read.version == 1 && read.at == event.at)
            #expect(read.amount == 599 && read.customer == event.customer && read.currency == event.currency)
            #expect(Array(read.lines) == lines && read.lineCount == 2 && read.itemCount == 3)
            #expect(read.namesNewCustomer && read.previousSeq == 0 && read.note == nil)
            #expect(try read.names() == names)
            let peek = try #require(EncodedEvent.Peek(raw))
            #expect(peek.kind == .placed && peek.order == event.order && peek.at == event.at)
        }
        let cancelled = OrderEvent(
            kind: .cancelled, order: OrderNumber(12), version: 2, at: event.at, amount: 599, note: "changed mind")
        try encoded(cancelled, names: NameDefinitions(), previousSeq: 41).withUnsafeBytes { raw in
            let read = try EncodedEvent(raw)
            #expect(read.note == "changed mind" && read.previousSeq == 41 && read.lines.isEmpty)
            #expect(try EventCodec.decode(raw).event == cancelled)
        }
    }

    @Test func aDamagedEventIsRefusedWithWhatIsWrong() {
        let event = OrderEvent(kind: .paid, order: OrderNumber(1), version: 2, at: Timestamp(milliseconds: 0), amount: 5)
        let bytes = encoded(event, names: NameDefinitions(), previousSeq: 1)
        #expect(refusal(bytes.dropLast()) == "an event is truncated")
        #expect(refusal(bytes + [0]) == "an event has trailing bytes")
        #expect(refusal([9] + bytes.dropFirst()) == "an event has an unknown kind")
        #expect(refusal([]) == "an event is empty")
        #expect(refusal(Array(bytes.prefix(20))) == "an event is truncated")
        #expect(Array(bytes.prefix(20)).withUnsafeBytes { EncodedEvent.Peek($0) } == nil)
    }

    private func encoded(_ event: OrderEvent, names: NameDefinitions, previousSeq: UInt64) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: EventCodec.size(of: event, names: names))
        bytes.withUnsafeMutableBytes { EventCodec.encode(event, names: names, previousSeq: previousSeq, into: $0) }
        return bytes
    }

    private func refusal(_ bytes: some Collection<UInt8>) -> String? {
        do {
            _ = try Array(bytes).withUnsafeBytes { try EncodedEvent($0) }
            return nil
        } catch StoreError.corrupt(let reason) {
            return reason
        } catch {
            return "\(error)"
        }
    }
}
