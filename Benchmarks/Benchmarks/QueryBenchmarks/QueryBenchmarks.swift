import BatchGenerator
import Benchmark
import BenchmarkSupport
import Foundation
import LedgerDomain
import LedgerServices
import LedgerStore

/// In-process query latency on a store holding a generated 1,000,000-order ledger (seed 42,
/// `compact` profile, whose ids are `O-n` and `C-n`).
/// Each iteration is one lookup of a random order or customer; the store is built once.
let benchmarks: @Sendable () -> Void = {
    let orders = BenchmarkMatrix.orders
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 100,
        maxDuration: .seconds(10), maxIterations: 20_000)

    Benchmark("show: one order with lines and history", configuration: configuration) { benchmark, store in
        var random = SplitMix64(seed: 1)
        for _ in benchmark.scaledIterations {
            let id = "O-\(random.next(upperBound: UInt64(orders)))"
            benchmark.startMeasurement()
            blackHole(try store.order(id))
            benchmark.stopMeasurement()
        }
    } setup: {
        try LedgerStore(path: GeneratedLedger.store(orders: orders).path, readOnly: true)
    }

    Benchmark("list --customer: one customer's orders", configuration: configuration) { benchmark, store in
        var random = SplitMix64(seed: 2)
        for _ in benchmark.scaledIterations {
            let customer = "C-\(random.next(upperBound: UInt64(max(1, orders / 5))))"
            benchmark.startMeasurement()
            blackHole(try store.orders(OrderFilter(customer: customer, limit: 0)))
            benchmark.stopMeasurement()
        }
    } setup: {
        try LedgerStore(path: GeneratedLedger.store(orders: orders).path, readOnly: true)
    }
}
