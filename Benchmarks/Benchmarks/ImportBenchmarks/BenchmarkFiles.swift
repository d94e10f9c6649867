import BatchGenerator
import Foundation
import LedgerDomain

/// Generated batches and fresh stores under one temporary folder per run.
enum BenchmarkFiles {
    struct Batch {
        let path: String
        let records: Int
    }

    static let folder: String = {
        let path = NSTemporaryDirectory() + "orders-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Writes the seeded batch (once) and returns its path and record count.
    static func batch(orders: Int, format: RecordFormat) -> Batch {
        let path = folder + "/batch-\(orders).\(format.rawValue)"
        let handle = fopen(path, "w")!
        var generator = BatchGenerator(settings: GeneratorSettings(orders: orders, format: format, seed: 42))
        let report = generator.generate { line in
            fputs(line, handle)
            fputc(0x0A, handle)
        }
        fclose(handle)
        return Batch(path: path, records: report.records)
    }

    /// A path for a store that does not exist yet.
    static func freshStore() -> String {
        let path = folder + "/store-\(UUID().uuidString)"
        return path
    }
}
