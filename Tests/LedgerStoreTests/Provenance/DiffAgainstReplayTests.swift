import BatchGenerator
import Foundation
import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// `diff` folds the log itself (`ChangeFold`); here its answer is checked against one made another
/// way on a generated store whose orders' events are spread over the log: the counts and money
/// from the events listed one by one, and each order's change from the replay core's states at
/// the range's two ends. Ranges by seq and by time, touching every order (their ids read in one
/// walk) or a few (looked up one by one), and a damaged log, which is refused at the damaged seq.
struct DiffAgainstReplayTests {
    let directory = TemporaryDirectory()

    func makeStore() throws -> LedgerStore {
        let settings = GeneratorSettings(orders: 1_200, seed: 11, currencies: 10, idLengths: 6...40, spread: 0.6)
        return try GeneratedStore.make(in: directory, settings, chunkSize: 300)
    }

    /// The change from `from` to `to` as the events and two replays give it.
    static func expected(_ store: LedgerStore, from: AsOf, to: AsOf) throws -> LedgerChange {
        var counts = Dictionary(uniqueKeysWithValues: EventKind.allCases.map { ($0, 0) })
        var money: [Currency: MoneyMoved] = [:]
        var currencies: [OrderNumber: Currency] = [:]
        var events = 0
        for logged in try store.events() {
            let event = logged.event
            if event.kind == .placed { currencies[event.order] = event.currency }
            guard !from.includes(seq: logged.seq, at: event.at), to.includes(seq: logged.seq, at: event.at) else { continue }
            events += 1
            counts[event.kind]! += 1
            let currency = currencies[event.order]!
            switch event.kind {
            case .placed: money[currency, default: MoneyMoved()].gross += Int128(event.amount)
            case .paid: money[currency, default: MoneyMoved()].captured += Int128(event.amount)
            case .cancelled, .refunded: money[currency, default: MoneyMoved()].refunded += Int128(event.amount)
            case .shipped, .delivered: break
            }
        }
        let before = try ReplayCore(store: store, threads: 2).replay(asOf: from)
        let after = try ReplayCore(store: store, threads: 2).replay(asOf: to)
        var orders: [OrderChange] = []
        for number in 0..<after.entries.count where after.entries[number].lastSeq != 0 {
            let old = number < before.entries.count && before.entries[number].lastSeq != 0 ? before.entries[number].state : nil
            let new = after.entries[number].state
            guard new.version > old?.version ?? 0 else { continue }
            orders.append(
                OrderChange(
                    orderID: try store.orderID(OrderNumber(UInt32(number)))!, statusBefore: old?.status,
                    statusAfter: new.status, currency: new.currency, events: Int(new.version - (old?.version ?? 0)),
                    paid: Int128(new.paid - (old?.paid ?? 0)), refunded: Int128(new.refunded - (old?.refunded ?? 0))))
        }
        orders.sort { $0.orderID.utf8.lexicographicallyPrecedes($1.orderID.utf8) }
        return LedgerChange(from: from, to: to, events: events, byType: counts, money: money, orders: orders)
    }

    @Test func aDiffBySeqIsWhatTheEventsAndTheReplaysAtItsEndsGive() throws {
        let store = try makeStore()
        let head = try store.headSeq()
        let ranges: [(UInt64, UInt64)] = [(0, head), (head / 3, 2 * head / 3), (head / 2, head / 2 + 1), (head - 25, head)]
        for (from, to) in ranges {
            let change = try store.diff(from: .seq(from), to: .seq(to))
            #expect(change == (try Self.expected(store, from: .seq(from), to: .seq(to))), "\(from)–\(to)")
            #expect(!change.orders.isEmpty)
        }
        #expect(try store.diff(from: .seq(0), to: nil).orders.count == 1_200)
    }

    @Test func aDiffByTimeIsWhatTheEventsAndTheReplaysAtItsEndsGive() throws {
        let store = try makeStore()
        let times = try store.events().map(\.event.at).sorted()
        let ranges = [
            (times[0], times[times.count - 1]), (times[times.count / 4], times[times.count / 2]),
            (times[times.count / 2], times[times.count / 2 + 10]), (times[times.count - 40], times[times.count - 1]),
        ]
        for (from, to) in ranges {
            let change = try store.diff(from: .time(from), to: .time(to))
            #expect(change == (try Self.expected(store, from: .time(from), to: .time(to))), "\(from)–\(to)")
            #expect(!change.orders.isEmpty)
        }
    }

    /// Read in place, the orders handed over one by one are the answer's, every time they are read.
    @Test func theOrdersHandedOverOneByOneAreTheAnswersOrdersEachTimeTheyAreRead() throws {
        let store = try makeStore()
        let head = try store.headSeq()
        for from in [0, head - 25] {
            let whole = try store.diff(from: .seq(from), to: nil)
            try store.diff(from: .seq(from), to: nil) { change, orders in
                #expect(change.orders.isEmpty && change.events == whole.events && change.money == whole.money)
                #expect(orders.count == whole.orders.count)
                for _ in 0..<2 {
                    var handed: [OrderChange] = []
                    try orders.walk { order, id in
                        handed.append(OrderChange(orderID: String(decoding: id, as: UTF8.self), order))
                    }
                    #expect(handed == whole.orders)
                }
            }
        }
    }

    @Test func aDiffOverADamagedLogIsRefusedAtTheSeqToBlame() throws {
        let path = directory.path + "/store"
        let jumping = directory.path + "/jumping"
        let head: UInt64
        let second: UInt64
        do {
            let store = try makeStore()
            head = try store.headSeq()
            second = try store.events().first { $0.event.order == OrderNumber(0) && $0.event.version == 2 }!.seq
        }
        try FileManager.default.copyItem(atPath: path, toPath: jumping)
        // The first order's second event, put in place of the event that placed it.
        let log = try StoreFixture.entries(database: "log", at: path)
        try StoreFixture.put(log[Int(second) - 1].value, key: log[0].key, database: "log", at: path)
        #expect {
            try LedgerStore(path: path, readOnly: true).diff(from: .seq(head - 10), to: nil)
        } throws: { error in
            guard case StoreError.damagedLog(let seq, let detail) = error else { return false }
            return seq == 1 && detail.hasSuffix(" event of an order that was never placed")
        }
        // An event lost from the middle of the log.
        try StoreFixture.delete(key: log[Int(head / 2) - 1].key, database: "log", at: jumping)
        #expect {
            try LedgerStore(path: jumping, readOnly: true).diff(from: .time(Timestamp(milliseconds: 0)), to: nil)
        } throws: { error in
            guard case StoreError.damagedLog(nil, let detail) = error else { return false }
            return detail == "the log jumps from seq \(head / 2 - 1) to \(head / 2 + 1)"
        }
        #expect(try LedgerStore(path: jumping, readOnly: true).diff(from: .seq(0), to: .seq(head / 2 - 1)).events > 0)
    }
}
