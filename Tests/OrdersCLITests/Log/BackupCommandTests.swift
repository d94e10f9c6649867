import BatchGenerator
import Foundation
import TestSupport
import Testing

/// `orders backup DIR`: a consistent copy, also while an import runs; never into the store.
struct BackupCommandTests {
    let directory = TemporaryDirectory()

    @Test func backupsTakenDuringAnImportVerifyAndAnswerLikeTheOriginal() throws {
        var lines: [String] = []
        var generator = BatchGenerator(settings: GeneratorSettings(orders: 30_000, seed: 8, badShare: 0.05))
        _ = generator.generate { lines.append($0) }
        let batch = directory.file("batch.csv", lines.joined(separator: "\n") + "\n")
        let store = directory.path + "/store"
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let importer = OrdersBinary.start(["import", "--store", store, "--records-per-commit", "4096", batch])
        var backups: [String] = []
        while importer.isRunning || backups.isEmpty {
            let target = directory.path + "/backup-\(backups.count)"
            let result = try OrdersBinary.run(
                ["backup", "--store", store, target] + (backups.count % 2 == 1 ? ["--compact"] : []))
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.hasPrefix("backed up \(store) to \(target): events up to seq "))
            backups.append(target)
        }
        importer.waitUntilExit()
        #expect(importer.terminationStatus == 1)
        for backup in backups {
            let verify = try OrdersBinary.run(["verify", "--store", backup])
            #expect(verify.status == 0, "\(backup): \(verify.standardOutput)")
            let stats = try OrdersBinary.run(["stats", "--store", backup, "--format", "json"]).standardOutput
            let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.utf8)) as? [String: Any])
            let head = try #require(object["head_seq"] as? Int)
            // Taken while the import runs: the read models as it found them (written back with
            // its file's last chunk), all at one checkpoint, or at the head once it is done.
            let checkpoints = Set(try #require(object["checkpoints"] as? [String: Int]).values)
            #expect(checkpoints.count == 1 && checkpoints.first! <= head, "\(backup): \(checkpoints), head \(head)")
        }
        let last = directory.path + "/after"
        let summary = try OrdersBinary.run(["backup", "--store", store, "--compact", "--format", "json", last])
        #expect(summary.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.standardOutput.utf8)) as? [String: Any])
        let size = try Data(contentsOf: URL(fileURLWithPath: last + "/data.mdb")).count
        #expect(size > 0 && object["bytes"] as? Int == size)
        #expect(try LedgerQueries.answers(of: last) == LedgerQueries.answers(of: store))
    }

    @Test func theStoreAPathInsideItAndANonEmptyDirectoryAreRefused() throws {
        let store = directory.path + "/store"
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: store + "/data.mdb"))
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/link", withDestinationPath: store)
        for target in [store, store + "/copy", directory.path + "/link", directory.path + "/link/copy"] {
            let result = try OrdersBinary.run(["backup", "--store", store, target])
            #expect(result.status == 2, "\(target)")
            #expect(
                result.standardError
                    == "orders: error: backup \(target) is inside the store directory \(store); writing a backup there would damage the store: choose a path outside it\n"
            )
        }
        let full = directory.path + "/full"
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        directory.file("full/keep.txt", "mine")
        let refused = try OrdersBinary.run(["backup", "--store", store, full])
        #expect(refused.status == 2)
        #expect(
            refused.standardError
                == "orders: error: backup \(full) is not empty; a backup goes into a new or empty directory: choose another\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store + "/data.mdb")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: full) == ["keep.txt"])
        let file = directory.file("a-file", "mine")
        let onAFile = try OrdersBinary.run(["backup", "--store", store, file])
        #expect(onAFile.status == 2)
        #expect(
            onAFile.standardError
                == "orders: error: backup \(file) is a file; a backup goes into a new or empty directory: choose another\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "mine")
    }

    @Test func ofTwoBackupsRacingIntoOneNewDirectoryExactlyOneWinsAndItsCopyIsWhole() throws {
        let store = directory.path + "/store"
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        for round in 0..<50 {
            let target = directory.path + "/race-\(round)/copy"
            let racers = [
                OrdersBinary.start(["backup", "--store", store, target]),
                OrdersBinary.start(["backup", "--store", store, target]),
            ]
            let results = racers.map(OrdersBinary.finish)
            let winners = results.filter { $0.status == 0 }
            #expect(winners.count == 1, "round \(round): \(results.map(\.standardError))")
            for loser in results where loser.status != 0 {
                #expect(loser.status == 2)
                #expect(
                    loser.standardError
                        == "orders: error: backup \(target) was taken by another backup; a backup goes into a new or empty "
                        + "directory: choose another\n")
            }
            let verify = try OrdersBinary.run(["verify", "--store", target])
            #expect(verify.status == 0, "round \(round): \(verify.standardError)")
        }
    }
}
