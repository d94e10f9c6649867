import BatchGenerator
import LedgerDomain
import LedgerServices
import LedgerStore
import TestSupport
import Testing

/// `--as-of`: every query answered as of a past seq or time must equal the same query on a store
/// that imported only the events up to that point.
struct AsOfTests {
    let directory = TemporaryDirectory()

    /// A generated batch with 20 % bad records, in commits of 97 records.
    func fullStore() throws -> LedgerStore {
        let settings = GeneratorSettings(orders: 400, seed: 13, badShare: 0.2, customers: 60, skus: 30)
        return try GeneratedStore.make(in: directory, settings, chunkSize: 97)
    }

    /// A store that imported exactly `events` of `store` (rewritten as commands), in their order.
    func reference(_ events: [LoggedEvent], of store: LedgerStore, name: String) throws -> LedgerStore {
        func field(_ text: String?) -> String {
            guard let text else { return "" }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var lines = ["type,order_id,customer_id,currency,lines,amount,at,carrier,reason"]
        for logged in events {
            let event = logged.event
            let order = try #require(try store.orderID(event.order))
            let at = event.at.description
            switch event.kind {
            case .placed:
                let items = try event.lines.map { "\(try #require(try store.sku($0.sku)))*\($0.quantity)@\($0.unitPrice)" }
                let customer = try #require(try store.customerID(event.customer))
                lines.append("place,\(order),\(customer),\(event.currency),\(items.joined(separator: ";")),,\(at),,")
            case .paid: lines.append("pay,\(order),,,,\(event.amount),\(at),,")
            case .shipped: lines.append("ship,\(order),,,,,\(at),\(field(event.note)),")
            case .delivered: lines.append("deliver,\(order),,,,,\(at),,")
            case .cancelled: lines.append("cancel,\(order),,,,,\(at),,\(field(event.note))")
            case .refunded: lines.append("refund,\(order),,,,\(event.amount),\(at),,")
            }
        }
        let reference = try LedgerStore(path: directory.path + "/" + name, durable: false)
        let batch = directory.file(name + ".csv", lines.joined(separator: "\n") + "\n")
        let summary = try Importer(store: reference).importFile(batch, options: ImportOptions(chunkSize: 50))
        #expect(summary.accepted == events.count && summary.rejected == 0, "\(name): \(summary)")
        return reference
    }

    /// Every query of `asOf` equals the same query of `expected`.
    func expectSameAnswers(_ asOf: AsOfLedger, _ expected: LedgerStore, _ label: String) throws {
        #expect(try asOf.orders(OrderFilter(limit: 0)) == expected.orders(OrderFilter(limit: 0)), "\(label): list")
        for status in OrderStatus.allCases {
            #expect(
                try asOf.orders(OrderFilter(statuses: [status], limit: 7))
                    == expected.orders(OrderFilter(statuses: [status], limit: 7)),
                "\(label): list --status \(status)")
        }
        for customer in ["C-1", "C-7", "C-33"] {
            #expect(
                try asOf.orders(OrderFilter(customer: customer, limit: 0))
                    == expected.orders(OrderFilter(customer: customer, limit: 0)), "\(label): list --customer \(customer)")
        }
        for id in ["O-1", "O-2", "O-50", "O-199", "O-200", "O-201", "O-399", "O-400", "O-nope"] {
            #expect(try asOf.order(id) == expected.order(id), "\(label): show \(id)")
        }
        #expect(try asOf.customers() == expected.customers(), "\(label): customers")
        #expect(try asOf.revenue(from: nil, to: nil) == expected.revenue(), "\(label): revenue")
        let from = CalendarDate("2026-01-01")
        let to = CalendarDate("2026-01-02")
        #expect(try asOf.revenue(from: from, to: to) == expected.revenue(from: from, to: to), "\(label): revenue --from --to")
        #expect(try asOf.skus(top: nil) == expected.skus(), "\(label): skus")
        #expect(try asOf.skus(top: 5) == expected.skus(top: 5), "\(label): skus --top 5")
        var stats = try asOf.statistics()
        var want = try expected.statistics()
        stats.asOf = nil
        want.chain = nil
        #expect(stats == want, "\(label): stats")
    }

    @Test func asOfASeqAnswersAsAStoreThatImportedTheLogUpToIt() throws {
        let store = try fullStore()
        let events = try store.events()
        let head = UInt64(events.count)
        #expect(head > 1_000)
        for seq in [0, 1, 2, head / 7, head / 3, head / 2 + 1, head - 1, head] {
            let asOf = AsOfLedger(store: store, asOf: .seq(seq))
            try expectSameAnswers(
                asOf, try reference(Array(events.prefix(Int(seq))), of: store, name: "seq-\(seq)"), "seq \(seq)")
            #expect(try asOf.statistics().asOf == .seq(seq))
        }
        // Past the head: the whole ledger, as the stored read models have it.
        try expectSameAnswers(AsOfLedger(store: store, asOf: .seq(head + 100)), store, "past the head")
    }

    @Test func asOfATimeAnswersAsAStoreThatImportedTheEventsAtOrBeforeIt() throws {
        let store = try fullStore()
        let events = try store.events()
        var cuts = [events[0].event.at, events[events.count / 4].event.at, events[events.count * 2 / 3].event.at]
        cuts.append(Timestamp(milliseconds: events[events.count / 2].event.at.milliseconds - 1))
        cuts.append(Timestamp(milliseconds: events[0].event.at.milliseconds - 1))
        cuts.append(events.last!.event.at)
        for time in cuts {
            let kept = events.filter { $0.event.at <= time }
            // The generator's clock only moves on, so these events are a prefix of the log and
            // keep their seqs in the reference store.
            #expect(kept.map(\.seq) == (0..<kept.count).map { UInt64($0) + 1 })
            let asOf = AsOfLedger(store: store, asOf: .time(time))
            try expectSameAnswers(asOf, try reference(kept, of: store, name: "time-\(time.milliseconds)"), "time \(time)")
        }
    }

    @Test func asOfLeavesTheStoredReadModelsAlone() throws {
        let store = try fullStore()
        let before = try store.dump()
        let stats = try store.statistics()
        _ = try AsOfLedger(store: store, asOf: .seq(10)).customers()
        _ = try AsOfLedger(store: store, asOf: .seq(10)).statistics()
        #expect(try store.dump() == before)
        #expect(try store.statistics() == stats)
    }
}
