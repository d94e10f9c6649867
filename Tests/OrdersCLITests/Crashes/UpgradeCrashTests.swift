import Foundation
import LedgerStore
import TestSupport
import Testing

/// `orders upgrade` of the committed format-2 and format-5 stores, killed in the middle (SIGKILL
/// at `upgrade-before-commit`): the store stays as it was, answering as before, and the next
/// upgrade completes.
struct UpgradeCrashTests {
    let directory = TemporaryDirectory()

    @Test func aKilledUpgradeLeavesTheOlderFormatWholeAndTheNextOneFinishes() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../LedgerStoreTests/Fixtures/format2").standardized.path
        let store = directory.path + "/store"
        try FileManager.default.copyItem(atPath: fixture, toPath: store)
        let statsBefore = try OrdersBinary.run(["stats", "--store", store, "--format", "json"])
        #expect(statsBefore.status == 0 && !statsBefore.standardOutput.contains("\"chain\""))
        let dump = try LedgerStore(path: store, readOnly: true).dump()

        let killed = try OrdersBinary.run(["upgrade", "--store", store], fault: "upgrade-before-commit")
        #expect(killed.killedBySignal && killed.status == SIGKILL)
        #expect(try LedgerStore(path: store, readOnly: true).foundFormat == 2)
        #expect(try LedgerStore(path: store, readOnly: true).dump() == dump)
        #expect(
            try OrdersBinary.run(["stats", "--store", store, "--format", "json"]).standardOutput == statsBefore.standardOutput)
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)

        let upgraded = try OrdersBinary.run(["upgrade", "--store", store])
        #expect(upgraded.status == 0)
        #expect(
            upgraded.standardOutput
                == "upgraded the store at \(store) from format 2 to format \(LedgerStore.formatVersion) (the hash chain covers its 18 events)\n"
        )
        let verify = try OrdersBinary.run(["verify", "--store", store])
        #expect(verify.status == 0)
        let chainLine = try #require(verify.standardOutput.split(separator: "\n").first)
        #expect(chainLine.hasPrefix("chain: ") && chainLine.hasSuffix(" at seq 18"))
        let stats = try OrdersBinary.run(["stats", "--store", store, "--format", "json"])
        let hex = chainLine.dropFirst("chain: ".count).prefix(64)
        #expect(stats.standardOutput.contains("\"chain\":{\"seq\":18,\"digest\":\"\(hex)\"}"))
        #expect(try OrdersBinary.run(["verify", "--store", store, "--expect", "\(hex)@18"]).status == 0)
        #expect(
            try OrdersBinary.run(["upgrade", "--store", store]).standardOutput.hasSuffix(
                "is already format \(LedgerStore.formatVersion); nothing to do\n"))
    }

    /// Format 5 to 6 rewrites the flags of the events accepted with a command id and recomputes
    /// the hash chain over them: killed before it commits, none of it shows.
    @Test func aKilledUpgradeFromFormatFiveLeavesItWholeAndTheNextOneAddsTheChecks() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../LedgerStoreTests/Fixtures/format5").standardized.path
        let store = directory.path + "/store"
        try FileManager.default.copyItem(atPath: fixture, toPath: store)
        let verifyBefore = try OrdersBinary.run(["verify", "--store", store])
        #expect(verifyBefore.status == 0, "\(verifyBefore.standardOutput)")
        let dump = try LedgerStore(path: store, readOnly: true).dump()

        let killed = try OrdersBinary.run(["upgrade", "--store", store], fault: "upgrade-before-commit")
        #expect(killed.killedBySignal && killed.status == SIGKILL)
        #expect(try LedgerStore(path: store, readOnly: true).foundFormat == 5)
        #expect(try LedgerStore(path: store, readOnly: true).dump() == dump)
        #expect(try OrdersBinary.run(["verify", "--store", store]).standardOutput == verifyBefore.standardOutput)

        let upgraded = try OrdersBinary.run(["upgrade", "--store", store])
        #expect(
            upgraded.standardOutput
                == "upgraded the store at \(store) from format 5 to format \(LedgerStore.formatVersion) (the hash chain covers its 186 events)\n"
        )
        #expect(try LedgerStore(path: store, readOnly: true).dump() == dump)
        let verify = try OrdersBinary.run(["verify", "--store", store])
        #expect(verify.status == 0, "\(verify.standardOutput)")
        // The flags changed the events' bytes: the chain was recomputed over them.
        #expect(verify.standardOutput.split(separator: "\n").first != verifyBefore.standardOutput.split(separator: "\n").first)
        // Every command id is still taken, and a file imported before is still imported.
        let generated = directory.path + "/generated.csv"
        try FileManager.default.copyItem(atPath: store + "/generated.csv", toPath: generated)
        let again = try OrdersBinary.run(["import", "--store", store, "--format", "json", generated])
        #expect(again.standardOutput.contains("\"already_imported\":true"), "\(again.standardOutput)")
        let reused = directory.file(
            "reused.csv",
            "type,order_id,customer_id,currency,lines,amount,at,command_id\n"
                + "place,O-9001,C-ada,EUR,A-1*1@100,,2026-03-09T10:00:00Z,cmd-1\n")
        let duplicate = try OrdersBinary.run(["import", "--store", store, "--format", "json", reused])
        #expect(duplicate.standardOutput.contains("\"duplicates\":1"), "\(duplicate.standardOutput)")
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)
    }
}
