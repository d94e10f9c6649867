import BatchGenerator
import Foundation
import LedgerStore
import TestSupport
import Testing

/// Kills real `orders import` and `orders rebuild` processes with SIGKILL at seeded random
/// moments, 200 times; after every kill the store must verify, and each round's store must end
/// equal to an uninterrupted import of the same files. `tools/soak.sh` runs the same for longer.
struct CrashLoopTests {
    let directory = TemporaryDirectory()

    /// `ORDERS_SOAK_KILLS` and `ORDERS_SOAK_SEED` make a longer or different run (tools/soak.sh).
    static let environment = ProcessInfo.processInfo.environment
    static let target = Int(environment["ORDERS_SOAK_KILLS"] ?? "") ?? 200
    static let seed = UInt64(environment["ORDERS_SOAK_SEED"] ?? "") ?? 2026

    @Test func twoHundredSeededKillsNeverBreakTheLedger() throws {
        var random = SplitMix64(seed: Self.seed)
        var kills = 0
        var resumed = 0
        var round = 0
        while kills < Self.target {
            round += 1
            #expect(round <= Self.target / 3, "kills keep missing the processes")
            if round > Self.target / 3 { break }
            let store = directory.path + "/round-\(round)"
            let batches = (0..<2).map { index -> String in
                var lines: [String] = []
                var generator = BatchGenerator(settings: GeneratorSettings(
                    orders: 1_500, seed: UInt64(round * 10 + index), badShare: 0.05, customers: 200, skus: 60))
                _ = generator.generate { lines.append($0) }
                return directory.file("round-\(round)-\(index).csv", lines.joined(separator: "\n") + "\n")
            }
            var next = 0
            while next < batches.count {
                let rebuilding = try Self.committedStore(at: store) != nil && random.next(upperBound: UInt64(6)) == 0
                let arguments = rebuilding
                    ? ["rebuild", "--store", store]
                    : ["import", "--store", store, "--records-per-commit", "251", "--format", "json", batches[next]]
                let process = OrdersBinary.start(arguments)
                usleep(UInt32(10_000 + random.next(upperBound: UInt64(90_000))))
                if process.isRunning {
                    kill(process.processIdentifier, SIGKILL)
                    kills += 1
                }
                process.waitUntilExit()
                if !rebuilding, process.terminationReason == .exit {
                    let output = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
                    if String(decoding: output, as: UTF8.self).contains("resumed_from_line") { resumed += 1 }
                    next += 1
                }
                // Killed before the store's first commit: nothing to verify.
                guard let ledger = try Self.committedStore(at: store) else { continue }
                let report = try Verifier(store: ledger).verify()
                #expect(report.isConsistent, "round \(round), after kill \(kills): \(report.differences.prefix(3))")
                if !report.isConsistent { return }
            }
            let reference = directory.path + "/reference-\(round)"
            for batch in batches { _ = try OrdersBinary.run(["import", "--store", reference, batch]) }
            #expect(try LedgerStore(path: store, readOnly: true).dump() == LedgerStore(path: reference, readOnly: true).dump())
        }
        #expect(resumed > Self.target / 20, "imports resumed mid-file after kills between commits (\(resumed))")
        print("crash loop: \(kills) kills in \(round) rounds, \(resumed) imports resumed mid-file, seed \(Self.seed)")
    }

    /// The store at `path` opened read-only, or `nil` when no commit ever created it.
    static func committedStore(at path: String) throws -> LedgerStore? {
        do {
            return try LedgerStore(path: path, readOnly: true)
        } catch StoreError.missing {
            return nil
        }
    }
}
