import BatchGenerator
import Foundation
import LedgerDomain
import LedgerStore

/// Generated batches and stores for the benchmark suites, under one temporary folder per process.
public enum GeneratedLedger {
    /// A batch file and how many records it holds (none bad: every record is accepted).
    public struct Batch: Sendable {
        public let path: String
        public let records: Int
    }

    /// A store holding an imported batch, and how many events its log has.
    public struct Store: Sendable {
        public let path: String
        public let events: Int
    }

    /// Removed when the process exits.
    public static let folder: String = {
        let path = NSTemporaryDirectory() + "orders-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: GeneratedLedger.folder) }
        return path
    }()

    /// Writes the seeded batch of `orders` orders of `profile` (seed 42).
    public static func batch(orders: Int, format: RecordFormat, profile: GeneratorProfile = .compact) -> Batch {
        let path = folder + "/batch-\(profile)-\(orders).\(format.rawValue)"
        let handle = fopen(path, "w")!
        var generator = BatchGenerator(settings: profile.settings(orders: orders, format: format, seed: 42))
        let report = generator.generate { line in
            fputs(line, handle)
            fputc(0x0A, handle)
        }
        precondition(ferror(handle) == 0 && fclose(handle) == 0, "the batch is written to \(path)")
        return Batch(path: path, records: report.records)
    }

    // Safe: read and written only by the benchmarks' setup, which the runner calls on one thread, one
    // benchmark after another.
    nonisolated(unsafe) private static var imported: [GeneratorProfile: Store] = [:]

    /// The CSV batch of `orders` orders of `profile` imported into a store, once per process and
    /// profile. The import skips fsync; the store is flushed to disk before it is handed out, so
    /// that no benchmark runs while the kernel is still writing it back. The batch is removed.
    /// When `ORDERS_BENCH_STORES` names a folder, its store `FOLDER/PROFILE` is used instead, as
    /// it is (imported before, e.g. from `generate-batch --profile PROFILE`): a 1M-order import
    /// takes minutes, and the replay suites only read the log (and rebuild its read models).
    public static func store(orders: Int, profile: GeneratorProfile = .compact) throws -> Store {
        if let store = imported[profile] { return store }
        if let stores = ProcessInfo.processInfo.environment["ORDERS_BENCH_STORES"] {
            let path = stores + "/\(profile)"
            let made = Store(path: path, events: Int(try LedgerStore(path: path, readOnly: true).headSeq()))
            imported[profile] = made
            return made
        }
        let batch = batch(orders: orders, format: .csv, profile: profile)
        defer { try? FileManager.default.removeItem(atPath: batch.path) }
        let path = folder + "/store-\(profile)"
        let summary = try Importer(store: LedgerStore(path: path, durable: false)).importFile(batch.path)
        sync()
        let made = Store(path: path, events: summary.accepted)
        imported[profile] = made
        return made
    }

    /// A path for a store that does not exist yet.
    public static func freshStorePath() -> String { folder + "/store-\(UUID().uuidString)" }
}
