import TestSupport
import BatchGenerator
import Foundation
import LedgerStore
import Testing

/// Kills real `orders import` processes with SIGKILL mid-way and checks that importing again ends
/// with the same ledger as one uninterrupted import.
struct KillAndResumeTests {
    let directory = TemporaryDirectory()

    @Test func aKilledImportResumesToTheSameLedgerAsAnUninterruptedOne() throws {
        var lines: [String] = []
        var generator = BatchGenerator(settings: GeneratorSettings(orders: 40_000, seed: 11, badShare: 0.05))
        _ = generator.generate { lines.append($0) }
        let batch = directory.file("batch.csv", lines.joined(separator: "\n") + "\n")
        let killed = directory.path + "/killed"
        var random = SplitMix64(seed: 3)
        var kills = 0
        var finished = false
        for _ in 0..<12 {
            let process = OrdersBinary.start(["import", "--store", killed, batch])
            usleep(30_000 + UInt32(random.next(upperBound: UInt64(250_000))))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
            if process.terminationReason == .exit {
                finished = true
                break
            }
        }
        let final = try OrdersBinary.run(["import", "--store", killed, "--format", "json", batch])
        #expect(final.status == 1 || final.status == 0)
        #expect(kills > 0, "the import finished before any kill; make the batch larger")
        if !finished { #expect(!final.standardOutput.contains("\"already_imported\":true")) }

        let reference = directory.path + "/reference"
        let uninterrupted = try OrdersBinary.run(["import", "--store", reference, batch])
        #expect(uninterrupted.status == 1)
        #expect(try LedgerStore(path: killed, readOnly: true).dump() == LedgerStore(path: reference, readOnly: true).dump())
    }
}
