import Foundation
import LedgerStore
import TestSupport
import Testing

/// A small import into a larger store, which looks up what it meets point-wise and extends the
/// command index the store keeps, killed mid-file (SIGKILL at fault points): each kill leaves the
/// index behind the log or as it was, which verify accepts, and the import run again resumes and
/// ends with the ledger of one uninterrupted import, every repeated command id a duplicate.
struct SmallImportCrashTests {
    let directory = TemporaryDirectory()

    @Test func aSmallImportKilledTwiceResumesToTheSameLedgerAsAnUninterruptedOne() throws {
        let batches = CrashBatches(in: directory, name: "batch", seed: 23, recordCounts: [16_000, 40])
        let (large, small) = (batches.paths[0], batches.paths[1])
        let killed = directory.path + "/killed"
        #expect(try OrdersBinary.run(["import", "--store", killed, large]).status == 1)
        // Point-wise: the small file can hold fewer records than a 32nd of the orders stored.
        let stats = try OrdersBinary.run(["stats", "--store", killed, "--format", "json"])
        let orders =
            try #require(
                try JSONSerialization.jsonObject(with: Data(stats.standardOutput.utf8)) as? [String: Any])["orders"] as? Int
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: small)[.size] as? Int)
        #expect(bytes / 24 < (orders ?? 0) / 32)

        let arguments = ["import", "--store", killed, "--records-per-commit", "10", small]
        // Dies after its second commit; the next run commits once more and dies inside the commit after.
        for fault in ["after-commit:2", "before-commit:2"] {
            let crashed = try OrdersBinary.run(arguments, fault: fault)
            #expect(crashed.killedBySignal && crashed.status == SIGKILL, "\(fault) was not reached")
            #expect(try OrdersBinary.run(["verify", "--store", killed]).status == 0, "after \(fault)")
        }
        let final = try OrdersBinary.run(arguments)
        #expect(final.status == 0 || final.status == 1)
        #expect(try OrdersBinary.run(["verify", "--store", killed]).status == 0)

        let reference = directory.path + "/reference"
        for file in [large, small] { _ = try OrdersBinary.run(["import", "--store", reference, file]) }
        #expect(try LedgerStore(path: killed, readOnly: true).dump() == LedgerStore(path: reference, readOnly: true).dump())
        // Every command id the large file accepted is a duplicate in a small file now.
        let commandIDs = try LedgerStore(path: killed, readOnly: true).dump().filter { $0.hasPrefix("command ") }
        let repeated = commandIDs.prefix(3).map { $0.split(separator: " ")[1] }
        #expect(repeated.count == 3)
        let summary = try RepeatedCommands.importAgain(
            repeated.map(String.init), columnsOf: large, into: killed, in: directory
        ).summary
        #expect(summary?["duplicates"] as? Int == 3 && summary?["accepted"] as? Int == 0)
    }
}
