import Foundation
import TestSupport
import Testing

/// A path the import writes that is one of its batches, or the store, or a file in the store, is
/// a usage error that names the conflict, before anything is opened for writing: the batch and
/// the store stay byte for byte as they were, also when a symbolic or hard link hides the conflict.
struct WritePathConflictTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }
    var batch: String { directory.path + "/batch.csv" }

    init() throws {
        let good = try String(contentsOfFile: OrdersBinary.repository.path + "/data/good-batch.csv", encoding: .utf8)
        directory.file("batch.csv", good)
        directory.file(
            "more.jsonl", try String(contentsOfFile: OrdersBinary.repository.path + "/data/bad-batch.jsonl", encoding: .utf8))
        #expect(try OrdersBinary.run(["import", "--store", store, batch]).status == 0)
    }

    /// The batch's and the data file's bytes.
    func contents() throws -> [Data] {
        [try Data(contentsOf: URL(fileURLWithPath: batch)), try Data(contentsOf: URL(fileURLWithPath: store + "/data.mdb"))]
    }

    /// Runs `orders import` and checks exit 2, the exact message and that nothing changed.
    func expectRefused(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try contents()
        let result = try OrdersBinary.run(["import", "--store", store] + arguments, in: directory.path)
        #expect(result.status == 2, sourceLocation: sourceLocation)
        #expect(result.standardError == "orders: error: \(message)\n", sourceLocation: sourceLocation)
        #expect(result.standardOutput == "", sourceLocation: sourceLocation)
        #expect(try contents() == before, "the batch or the store changed", sourceLocation: sourceLocation)
    }

    @Test func aRejectsFileThatIsTheBatchIsRefusedAndTheBatchKeepsItsBytes() throws {
        try expectRefused(
            ["--rejects", "batch.csv", "batch.csv"],
            "--rejects batch.csv is the same file as the batch batch.csv; writing rejects there would destroy the batch: choose another path"
        )
    }

    @Test func aRejectsFileThatIsTheBatchThroughASymbolicOrHardLinkIsRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/symbolic.csv", withDestinationPath: "batch.csv")
        try FileManager.default.linkItem(atPath: batch, toPath: directory.path + "/hard.csv")
        for link in ["symbolic.csv", "hard.csv"] {
            try expectRefused(
                ["--rejects", link, "more.jsonl", "batch.csv"],
                "--rejects \(link) is the same file as the batch batch.csv; writing rejects there would destroy the batch: choose another path"
            )
        }
    }

    @Test func standardInputThatIsTheRejectsFileIsRefused() throws {
        let before = try contents()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "exec \"$0\" import --store store --input-format csv --rejects batch.csv - < batch.csv", OrdersBinary.url.path,
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(
            message
                == "orders: error: --rejects batch.csv is the same file as the batch -; writing rejects there would destroy the batch: choose another path\n"
        )
        #expect(try contents() == before)
    }

    @Test func aRejectsFileInTheStoreIsRefusedAndTheStoreKeepsItsBytes() throws {
        for path in ["store/data.mdb", "store/lock.mdb", "store/new.jsonl", "store", "\(store)/./data.mdb"] {
            try expectRefused(
                ["--rejects", path, "more.jsonl"],
                "--rejects \(path) is inside the store directory \(store); writing rejects there would damage the store: choose a path outside it"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: store + "/new.jsonl"))
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)
    }

    @Test func aRejectsFileThatReachesTheStoreThroughALinkIsRefused() throws {
        let links = directory.path
        try FileManager.default.createSymbolicLink(atPath: links + "/symbolic.mdb", withDestinationPath: "store/data.mdb")
        try FileManager.default.createSymbolicLink(atPath: links + "/dangling.jsonl", withDestinationPath: "store/new.jsonl")
        try FileManager.default.createSymbolicLink(atPath: links + "/store-link", withDestinationPath: "store")
        for path in ["symbolic.mdb", "dangling.jsonl", "store-link/rejects.jsonl"] {
            try expectRefused(
                ["--rejects", path, "more.jsonl"],
                "--rejects \(path) is inside the store directory \(store); writing rejects there would damage the store: choose a path outside it"
            )
        }
        try FileManager.default.linkItem(atPath: store + "/data.mdb", toPath: links + "/hard.mdb")
        try expectRefused(
            ["--rejects", "hard.mdb", "more.jsonl"],
            "--rejects hard.mdb is the same file as the store's data.mdb in \(store); writing rejects there would damage the store: choose another path"
        )
        #expect(!FileManager.default.fileExists(atPath: store + "/new.jsonl"))
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)
    }

    @Test func aBatchThatIsAFileOfTheStoreIsRefused() throws {
        try expectRefused(
            ["--input-format", "csv", store + "/data.mdb"],
            "the batch \(store)/data.mdb is the same file as the store's data.mdb in \(store); a store cannot import its own files: name a batch file"
        )
    }

    @Test func aRejectsFileElsewhereIsEmptiedOnlyOnceTheChecksPassed() throws {
        let rejects = directory.file("rejects.jsonl", "an earlier import's rejects\n")
        let result = try OrdersBinary.run(["import", "--store", store, "--rejects", rejects, "more.jsonl"], in: directory.path)
        #expect(result.status == 1)
        let lines = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"file\":\"more.jsonl\"") })
    }
}
