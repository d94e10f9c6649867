import Foundation
import LedgerStore
import TestSupport
import Testing

/// `orders upgrade` of the committed format-2 store, killed in the middle (SIGKILL at
/// `upgrade-before-commit`): the store stays format 2, answering as before, and the next
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
}
