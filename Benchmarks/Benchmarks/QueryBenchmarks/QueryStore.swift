import BatchGenerator
import Foundation
import LedgerDomain
import LedgerStore

/// One store per run, holding the generated ledger, shared by the query benchmarks.
enum QueryStore {
    nonisolated(unsafe) private static var store: LedgerStore?

    static func shared(orders: Int) throws -> LedgerStore {
        if let store { return store }
        let folder = NSTemporaryDirectory() + "orders-query-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let batch = folder + "/batch.csv"
        let handle = fopen(batch, "w")!
        var generator = BatchGenerator(settings: GeneratorSettings(orders: orders, format: .csv, seed: 42))
        _ = generator.generate { line in
            fputs(line, handle)
            fputc(0x0A, handle)
        }
        fclose(handle)
        _ = try Importer(store: LedgerStore(path: folder + "/store", durable: false)).importFile(batch)
        let opened = try LedgerStore(path: folder + "/store", readOnly: true)
        store = opened
        return opened
    }
}
