import Foundation
import LedgerStore
import TestSupport
import Testing

/// Crashes one large import twice mid-file (SIGKILL at fault points, with the import's default
/// batching) and checks that importing again resumes where the last commit left off and ends with
/// the same ledger as one uninterrupted import.
struct KillAndResumeTests {
    let directory = TemporaryDirectory()

    @Test func anImportCrashedTwiceResumesToTheSameLedgerAsAnUninterruptedOne() throws {
        let perCommit = 8_192
        let batches = CrashBatches(in: directory, name: "batch", seed: 11, recordCounts: [4 * perCommit + 1_000])
        let batch = batches.paths[0]
        let killed = directory.path + "/killed"
        let arguments = ["import", "--store", killed, "--records-per-commit", "\(perCommit)", "--format", "json", batch]

        // Dies after its second commit; the next run commits once more and dies inside the commit after.
        for fault in ["after-commit:2", "before-commit:2"] {
            let crashed = try OrdersBinary.run(arguments, fault: fault)
            #expect(crashed.killedBySignal && crashed.status == SIGKILL, "\(fault) was not reached")
            #expect(try OrdersBinary.run(["verify", "--store", killed]).status == 0, "after \(fault)")
            // The read models still show the ledger before the import: queries say so.
            for query in [["list"], ["customers"], ["show", "no-such-order"]] {
                let answer = try OrdersBinary.run(query + ["--store", killed])
                #expect(answer.standardError.hasPrefix("orders: note: the read models show the log up to seq "), "\(query)")
                #expect(answer.standardError.contains("an import is under way or did not finish"), "\(query)")
            }
        }
        // The read models left behind are caught up before the import, which holds the store's
        // lock from then on (no waiting: --wait 0) and gives it up after each file (the second,
        // already imported, takes it again).
        let final = try OrdersBinary.run(["import", "--wait", "0"] + arguments.dropFirst() + [batch])
        #expect(final.status == 1)
        let notices = final.standardError.split(separator: "\n")
        #expect(notices.count == 1 && notices[0].contains(" (an earlier import did not finish): rebuilding "))
        let summaries = try #require(
            try JSONSerialization.jsonObject(with: Data(final.standardOutput.utf8)) as? [[String: Any]])
        #expect(summaries.count == 2 && summaries[1]["already_imported"] as? Bool == true)
        let summary = summaries.first
        #expect(summary?["resumed_from_line"] as? Int == batches.recordLines[0][3 * perCommit])
        #expect(summary?["records"] as? Int == batches.recordLines[0].count)
        #expect(summary?["already_imported"] as? Bool == false)

        let reference = directory.path + "/reference"
        let uninterrupted = try OrdersBinary.run(["import", "--store", reference, batch])
        #expect(uninterrupted.status == 1)
        #expect(try LedgerStore(path: killed, readOnly: true).dump() == LedgerStore(path: reference, readOnly: true).dump())
        #expect(try OrdersBinary.run(["list", "--store", killed]).standardError == "", "no note once they caught up")
    }
}
