import Foundation
import TestSupport
import Testing

@testable import LedgerStore

/// An import brings the command index the store keeps up to date in a commit of its own after
/// its last chunk's: killed between the two (SIGKILL at `before-command-index`), it leaves the
/// index as it was, behind the log, which verify accepts; the next import catches it up, and the
/// ledger is that of imports never killed, every command id of the killed import a duplicate.
struct CommandIndexCrashTests {
    let directory = TemporaryDirectory()

    func table(_ path: String) throws -> CommandSlotsHeader? {
        try LedgerStore(path: path, readOnly: true).read { try StoredCommandSlots.open($0)?.header }
    }

    func counts(_ path: String) throws -> (head: UInt64, commands: Int) {
        try LedgerStore(path: path, readOnly: true).read { (try $0.headSeq(), try $0.count(\.commands)) }
    }

    @Test func anImportKilledBeforeItsIndexCommitLeavesTheIndexBehindAndTheNextCatchesItUp() throws {
        let batches = CrashBatches(in: directory, name: "batch", seed: 31, recordCounts: [3_000, 2_000, 400])
        let store = directory.path + "/killed"

        // The first import is killed before any index is written: the store keeps none.
        let first = try OrdersBinary.run(["import", "--store", store, batches.paths[0]], fault: "before-command-index")
        #expect(first.killedBySignal && first.status == SIGKILL, "before-command-index was not reached")
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)
        #expect(try table(store) == nil)
        let afterFirst = try counts(store)
        #expect(afterFirst.commands > 0)

        // The second import makes the index; the third, killed, leaves it at the second's head.
        #expect(try OrdersBinary.run(["import", "--store", store, batches.paths[1]]).status == 1)
        let made = try #require(try table(store))
        let afterSecond = try counts(store)
        #expect(made.validAt == afterSecond.head && made.count == afterSecond.commands)
        let third = try OrdersBinary.run(["import", "--store", store, batches.paths[2]], fault: "before-command-index")
        #expect(third.killedBySignal && third.status == SIGKILL, "before-command-index was not reached")
        let behind = try #require(try table(store))
        let afterThird = try counts(store)
        #expect(behind == made && afterThird.head > made.validAt && afterThird.commands > made.count)
        let verify = try OrdersBinary.run(["verify", "--store", store])
        #expect(verify.status == 0, "\(verify.standardOutput)\(verify.standardError)")

        // Run again, the finished files are reported as imported and the index is left as it was;
        // a file of repeated command ids of the killed import finds each in `commands` past the
        // index, and its import brings the index up to the log.
        let again = try OrdersBinary.run(["import", "--store", store] + batches.paths)
        #expect(again.status == 0 || again.status == 1, "\(again.standardError)")
        #expect(try table(store) == made)
        let reference = directory.path + "/reference"
        for file in batches.paths { _ = try OrdersBinary.run(["import", "--store", reference, file]) }
        #expect(try LedgerStore(path: store, readOnly: true).dump() == LedgerStore(path: reference, readOnly: true).dump())

        let killedIDs = try LedgerStore(path: store, readOnly: true).read { ledger in
            try [afterThird.head, afterFirst.head].compactMap { seq -> String? in
                var found: String?
                var at = seq
                while found == nil, at > 0 {
                    found = try ledger.commandID(at: at).map { String(decoding: $0, as: UTF8.self) }
                    at -= 1
                }
                return found
            }
        }
        #expect(killedIDs.count == 2)
        let (summary, output) = try RepeatedCommands.importAgain(
            killedIDs, columnsOf: batches.paths[0], into: store, in: directory)
        #expect(summary?["duplicates"] as? Int == 2 && summary?["accepted"] as? Int == 0, "\(output)")
        let caughtUp = try #require(try table(store))
        let end = try counts(store)
        #expect(caughtUp.validAt == end.head && caughtUp.count == end.commands)
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)
    }
}
