import BatchGenerator
import LedgerDomain
import LedgerServices
import Synchronization
import TestSupport
import Testing

@testable import LedgerStore

/// The queries that replay the log (`--as-of`) or fold a range of it (a diff) stop when asked, as
/// the server asks once a request is past its time limit: they throw `ReplayInterrupted`, and a
/// query asked again answers as before.
struct StoppedQueryTests {
    let directory = TemporaryDirectory()

    /// About 8,000 events: more than the diff's walk passes between two asks.
    func store() throws -> LedgerStore {
        try GeneratedStore.make(in: directory, GeneratorSettings(orders: 2_000, seed: 5, customers: 90, skus: 40), chunkSize: 500)
    }

    @Test func anAsOfQueryStopsWhenAsked() throws {
        let store = try store()
        let head = try store.headSeq()
        let stopped = AsOfLedger(store: store, asOf: .seq(head / 2), shouldStop: { true })
        #expect(throws: ReplayInterrupted()) { _ = try stopped.statistics() }
        #expect(throws: ReplayInterrupted()) { _ = try stopped.customers() }
        #expect(throws: ReplayInterrupted()) { _ = try stopped.revenue(from: nil, to: nil) }
        #expect(throws: ReplayInterrupted()) { _ = try stopped.skus(top: nil) }
        #expect(throws: ReplayInterrupted()) { _ = try stopped.orders(OrderFilter(limit: 0)) }
        let whole = AsOfLedger(store: store, asOf: .seq(head), shouldStop: { false })
        #expect(try whole.revenue(from: nil, to: nil) == store.revenue(from: nil, to: nil))
    }

    @Test func aDiffStopsWhenAskedAlongItsWalkOfTheLog() throws {
        let store = try store()
        let head = try store.headSeq()
        let start: UInt64 = 1_000
        #expect(head - start > LedgerStore.stopInterval)
        #expect(throws: ReplayInterrupted()) { _ = try store.diff(from: .seq(start), to: nil, shouldStop: { true }) }
        // The walk asks as it starts, then once every `stopInterval` events of the whole log, before
        // the range and in it.
        let asks = Atomic<Int>(0)
        _ = try store.diff(from: .seq(start), to: nil, shouldStop: { asks.add(1, ordering: .relaxed).newValue < 0 })
        let total = asks.load(ordering: .relaxed)
        #expect(total == 1 + Int(head / LedgerStore.stopInterval))
        asks.store(0, ordering: .relaxed)
        #expect(throws: ReplayInterrupted()) {
            _ = try store.diff(from: .seq(start), to: nil, shouldStop: { asks.add(1, ordering: .relaxed).newValue == total })
        }
        #expect(try store.diff(from: .seq(start), to: nil) == store.diff(from: .seq(start), to: nil, shouldStop: { false }))
    }
}
