import Benchmark
import BenchmarkSupport
import Foundation
import LMDB
import LedgerDomain
import LedgerStore

/// The replay core against the physical limit, on one generated 1,000,000-order log (seed 42,
/// about 4.1M events) per profile in `ORDERS_BENCH_PROFILES`, built once per run:
/// - baseline: a bare LMDB cursor over the log that reads every byte of every value;
/// - replay: `ReplayCore` folding every read model in memory;
/// - rebuild: `Rebuilder` rewriting every read model, durably;
/// - verify: `Verifier` replaying the log and comparing every stored read model with it.
/// Peak memory is not sampled here: in this process it would include the setup's import, and the
/// sampling thread would take time from the two cores the replay uses. The commands' own peaks
/// are measured as processes of their own (`tools/bench-matrix.sh`, see docs/PERFORMANCE.md).
let benchmarks: @Sendable () -> Void = {
    let orders = BenchmarkMatrix.orders
    let eventsPerSecond = BenchmarkMetric.custom("events/s", polarity: .prefersLarger, useScalingFactor: false)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, eventsPerSecond], timeUnits: .milliseconds, warmupIterations: 1,
        maxDuration: .seconds(120), maxIterations: 9)

    func measured(_ benchmark: Benchmark, events: Int, _ body: () throws -> Void) rethrows {
        let started = ContinuousClock.now
        benchmark.startMeasurement()
        try body()
        benchmark.stopMeasurement()
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        benchmark.measurement(eventsPerSecond, Int(Double(events) / seconds))
    }

    for profile in BenchmarkMatrix.profiles {
        Benchmark("baseline: bare cursor scan of the log (\(profile))", configuration: configuration) { benchmark, log in
            let environment = try Environment(directory: log.path, readOnly: true)
            let database = try environment.openDatabase(named: "log")
            var checksum: UInt64 = 0
            try measured(benchmark, events: log.events) {
                try environment.read { txn in
                    try txn.withCursor(database) { cursor in
                        var entry = try cursor.first()
                        while let current = entry {
                            for byte in current.value { checksum &+= UInt64(byte) }
                            entry = try cursor.next()
                        }
                    }
                }
            }
            blackHole(checksum)
        } setup: {
            try GeneratedLedger.store(orders: orders, profile: profile)
        }

        Benchmark("replay: every read model, in memory (\(profile))", configuration: configuration) { benchmark, log in
            let store = try LedgerStore(path: log.path, readOnly: true)
            try measured(benchmark, events: log.events) {
                blackHole(try ReplayCore(store: store).replay())
            }
        } setup: {
            try GeneratedLedger.store(orders: orders, profile: profile)
        }

        Benchmark("rebuild: every read model, durable (\(profile))", configuration: configuration) { benchmark, log in
            let store = try LedgerStore(path: log.path)
            try measured(benchmark, events: log.events) {
                blackHole(try Rebuilder(store: store).rebuild())
            }
        } setup: {
            try GeneratedLedger.store(orders: orders, profile: profile)
        }

        Benchmark("verify: replay and compare every read model (\(profile))", configuration: configuration) { benchmark, log in
            let store = try LedgerStore(path: log.path, readOnly: true)
            try measured(benchmark, events: log.events) {
                let report = try Verifier(store: store).verify()
                precondition(report.isConsistent, "the generated store verifies clean")
                blackHole(report)
            }
        } setup: {
            try GeneratedLedger.store(orders: orders, profile: profile)
        }
    }
}
