import BatchGenerator
import Foundation
import LedgerStore
import TestSupport
import Testing

@testable import orders

/// `import --dry-run`: the same decisions, summary, rejects and exit status as the real import
/// that follows, and the store's bytes unchanged.
struct DryRunTests {
    let directory = TemporaryDirectory()

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func aDryRunReportsWhatTheImportThenDoesAndLeavesTheStoreByteIdentical() throws {
        let store = directory.path + "/store"
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        var lines: [String] = []
        var generator = BatchGenerator(settings: GeneratorSettings(orders: 3_000, seed: 31, badShare: 0.2))
        _ = generator.generate { lines.append($0) }
        let batch = directory.file("batch.csv", lines.joined(separator: "\n") + "\n")
        let before = try bytes(store + "/data.mdb")
        let trial = try OrdersBinary.run([
            "import", "--dry-run", "--store", store, "--format", "json", "--rejects", directory.path + "/trial.jsonl", batch,
        ])
        #expect(trial.status == 1)
        #expect(trial.standardError.hasPrefix("orders: dry run: "))
        #expect(try bytes(store + "/data.mdb") == before, "not a byte of the store changed")
        let real = try OrdersBinary.run([
            "import", "--store", store, "--format", "json", "--rejects", directory.path + "/real.jsonl", batch,
        ])
        #expect(real.status == trial.status)
        #expect(real.standardOutput == trial.standardOutput)
        #expect(try bytes(directory.path + "/real.jsonl") == bytes(directory.path + "/trial.jsonl"))
        #expect(try bytes(directory.path + "/real.jsonl").count > 0)
        // Now the batch is imported: a dry run says so, as the import would.
        let again = try OrdersBinary.run(["import", "--dry-run", "--store", store, "--format", "json", batch])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("\"already_imported\":true"))
    }

    @Test func aDryRunWithoutAStoreCreatesNone() throws {
        let store = directory.path + "/none"
        let trial = try OrdersBinary.run(["import", "--dry-run", "--store", store, "data/good-batch.csv"])
        #expect(trial.status == 0)
        #expect(!FileManager.default.fileExists(atPath: store))
        let real = try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"])
        // The same summary; only the real import, which changed the store, names the diff of it.
        #expect(real.standardOutput == trial.standardOutput + "What changed: orders diff --from 0\n")
    }

    @Test func aDryRunRemovesTheCopiesThatKilledDryRunsLeftAndNoOther() throws {
        let store = directory.path + "/store"
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let temporary = directory.path + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let environment = ["TMPDIR": temporary]
        let arguments = ["import", "--dry-run", "--store", store, "--records-per-commit", "1", "data/bad-batch.jsonl"]
        // Killed after its copy's first commit: the copy stays.
        let killed = try OrdersBinary.run(arguments, fault: "after-commit:1", environment: environment)
        #expect(killed.killedBySignal || killed.status != 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
        #expect(left.count == 1 && left[0].hasPrefix("orders-dry-run-"), "\(left)")
        // A copy whose dry run still runs (this test holds its lock), and one without a lock.
        let running = temporary + "/orders-dry-run-live01"
        try FileManager.default.createDirectory(atPath: running, withIntermediateDirectories: true)
        let lock = open(running + "/owner.lock", O_CREAT | O_RDWR, 0o600)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
        try FileManager.default.createDirectory(atPath: temporary + "/orders-dry-run-other1", withIntermediateDirectories: true)
        // Unlocked lock files without a dry run's marker, or beside files no copy holds, or whose
        // owner still runs: not a left copy.
        let boot = try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let foreign: [(name: String, marker: String, extra: String?)] = [
            ("orders-dry-run-nomark", "", nil),
            ("orders-dry-run-other2", "someone else's\n", nil),
            ("orders-dry-run-extra1", "orders-dry-run 2147483647 \(boot)\n", "keep.txt"),
            ("orders-dry-run-alive1", "orders-dry-run \(getpid()) \(boot)\n", nil),
        ]
        for copy in foreign {
            try FileManager.default.createDirectory(atPath: temporary + "/" + copy.name, withIntermediateDirectories: true)
            directory.file("tmp/\(copy.name)/owner.lock", copy.marker)
            if let extra = copy.extra { directory.file("tmp/\(copy.name)/\(extra)", "mine") }
        }
        let next = try OrdersBinary.run(arguments, environment: environment)
        #expect(next.status == 1, "\(next.standardError)")
        #expect(
            next.standardError.contains("orders: removed 1 store copy left in \(temporary) by dry runs that did not finish\n"),
            "\(next.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: temporary).sorted() == [
                "orders-dry-run-alive1", "orders-dry-run-extra1", "orders-dry-run-live01", "orders-dry-run-nomark",
                "orders-dry-run-other1", "orders-dry-run-other2",
            ])
        #expect(try String(contentsOfFile: temporary + "/orders-dry-run-extra1/keep.txt", encoding: .utf8) == "mine")
    }

    @Test func aDryRunBesideARunningImportWaitsForItAndDecidesAsTheImportThatFollows() throws {
        let store = directory.path + "/store"
        let placesFile = StoppedImport.places(in: directory)
        var pays = "type,order_id,amount,at\n"
        for index in 0..<5 { pays += "pay,O-\(index),500,2026-03-01T10:01:00Z\n" }
        let paysFile = directory.file("pays.csv", pays)
        // The import is still placing orders when it is stopped.
        let importer = try StoppedImport.start(placesFile, into: store)
        let trialOfPays = OrdersBinary.start(["import", "--dry-run", "--store", store, "--format", "json", paysFile])
        let trialOfPlaces = OrdersBinary.start(["import", "--dry-run", "--store", store, "--format", "json", placesFile])
        usleep(1_500_000)
        #expect(trialOfPays.isRunning && trialOfPlaces.isRunning, "the dry runs wait for the import")
        kill(importer.processIdentifier, SIGCONT)
        let imported = OrdersBinary.finish(importer)
        let paid = OrdersBinary.finish(trialOfPays)
        let placesAgain = OrdersBinary.finish(trialOfPlaces)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(
            paid.standardError.contains(
                "orders: waiting for another import (pid \(importer.processIdentifier)) to finish with the store at \(store)…"),
            "\(paid.standardError)")
        #expect(paid.status == 0, "\(paid.standardOutput)")
        #expect(paid.standardOutput.contains("\"accepted\":5,\"rejected\":0"), "\(paid.standardOutput)")
        #expect(!paid.standardError.contains("did not finish"), "\(paid.standardError)")
        #expect(placesAgain.status == 0 && placesAgain.standardOutput.contains("\"already_imported\":true"))
        #expect(!placesAgain.standardError.contains("did not finish"), "\(placesAgain.standardError)")
        let real = try OrdersBinary.run(["import", "--store", store, "--format", "json", paysFile])
        #expect(real.status == paid.status && real.standardOutput == paid.standardOutput)
    }

    @Test func aDryRunGivesUpAfterWaitLikeAnImport() throws {
        let store = directory.path + "/store"
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let lock = open(store + "/import.lock", O_RDWR)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
        let trial = try OrdersBinary.run(["import", "--dry-run", "--wait", "0.2", "--store", store, "data/bad-batch.jsonl"])
        #expect(trial.status == 75, "\(trial.standardError)")
        #expect(
            trial.standardError.hasSuffix(
                "still holds the store at \(store) after 0.2 s; try again later or wait longer (--wait)\n"))
    }

    @Test func aLockTakenOnALockFileAnotherDryRunRemovedDoesNotCount() throws {
        let path = directory.file("owner.lock", "")
        let owner = open(path, O_RDWR)
        defer { close(owner) }
        // Another dry run found the lock free and removed the copy before it was taken.
        unlink(path)
        #expect(!TrialStore.locks(owner, stillAt: path))
        let kept = directory.file("kept.lock", "")
        let held = open(kept, O_RDWR)
        defer { close(held) }
        #expect(TrialStore.locks(held, stillAt: kept))
    }
}
