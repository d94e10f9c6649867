import BatchGenerator
import Foundation
import LedgerDomain
import LedgerStore

/// One store per run holding the generated log, shared by the replay benchmarks.
enum ReplayLog {
    struct Log {
        let path: String
        let events: Int
    }

    nonisolated(unsafe) private static var log: Log?

    static func shared(orders: Int) throws -> Log {
        if let log { return log }
        let folder = NSTemporaryDirectory() + "orders-replay-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let batch = folder + "/batch.csv"
        let handle = fopen(batch, "w")!
        var generator = BatchGenerator(settings: GeneratorSettings(orders: orders, format: .csv, seed: 42))
        _ = generator.generate { line in
            fputs(line, handle)
            fputc(0x0A, handle)
        }
        fclose(handle)
        let summary = try Importer(store: LedgerStore(path: folder + "/store", durable: false)).importFile(batch)
        let made = Log(path: folder + "/store", events: summary.accepted)
        log = made
        return made
    }
}
