import Benchmark
import BenchmarkSupport
import Foundation
import LedgerDomain
import LedgerStore

/// Durable import of a generated 1,000,000-order batch (about 4.1M records) into a fresh store,
/// for each profile in `ORDERS_BENCH_PROFILES` and each format. Each batch is generated before
/// its benchmark into a temporary folder (seed 42, no bad records) and removed after it.
let benchmarks: @Sendable () -> Void = {
    let orders = BenchmarkMatrix.orders
    let recordsPerSecond = BenchmarkMetric.custom("records/s", polarity: .prefersLarger, useScalingFactor: false)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident, recordsPerSecond],
        timeUnits: .milliseconds, warmupIterations: 0, maxDuration: .seconds(600), maxIterations: 3)

    for profile in BenchmarkMatrix.profiles {
        for format in RecordFormat.allCases {
            let batchPath = GeneratedLedger.folder + "/batch-\(profile)-\(orders).\(format.rawValue)"
            Benchmark(
                "Import \(orders) orders (\(profile), \(format.rawValue), durable)", configuration: configuration
            ) { benchmark, batch in
                let path = GeneratedLedger.freshStorePath()
                defer { try? FileManager.default.removeItem(atPath: path) }
                let store = try LedgerStore(path: path)
                let started = ContinuousClock.now
                benchmark.startMeasurement()
                let summary = try Importer(store: store).importFile(batch.path)
                benchmark.stopMeasurement()
                let elapsed = ContinuousClock.now - started
                precondition(summary.accepted == batch.records, "the batch imports cleanly")
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                benchmark.measurement(recordsPerSecond, Int(Double(summary.records) / seconds))
            } setup: {
                GeneratedLedger.batch(orders: orders, format: format, profile: profile)
            } teardown: {
                try? FileManager.default.removeItem(atPath: batchPath)
            }
        }
    }
}
