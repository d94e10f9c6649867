import Foundation
import TestSupport
import Testing

/// `--color auto|always|never` with `NO_COLOR` and `FORCE_COLOR`; `-q/--quiet`.
struct ColorAndQuietTests {
    let directory = TemporaryDirectory()

    /// Runs `orders arguments…` with exactly `environment` (standard output a pipe): its output.
    func run(_ arguments: [String], environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = OrdersBinary.url
        process.arguments = arguments
        process.currentDirectoryURL = OrdersBinary.repository
        process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { mine, _ in mine }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func theColorOptionAndTheEnvironmentDecideTheColours() throws {
        let store = directory.path + "/store"
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let list = ["list", "--store", store]
        let escape = "\u{1B}["
        #expect(try run(list, environment: [:]).contains(escape) == false, "auto, not a terminal")
        #expect(try run(list, environment: ["FORCE_COLOR": "1"]).contains(escape))
        #expect(try run(list, environment: ["FORCE_COLOR": "0"]).contains(escape) == false)
        #expect(try run(list, environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"]).contains(escape) == false)
        #expect(try run(list + ["--color", "always"], environment: ["NO_COLOR": "1"]).contains(escape))
        #expect(try run(list + ["--color", "never"], environment: ["FORCE_COLOR": "1"]).contains(escape) == false)
        let coloured = try run(list + ["--color", "always"], environment: [:])
        #expect(coloured.contains("\(escape)32mdelivered\(escape)0m"))
        let plain = try run(list + ["--color", "never"], environment: [:])
        #expect(coloured.replacing(/\u{1B}\[[0-9]+m/, with: "") == plain, "colour never moves a column")
        #expect(try run(["show", "O-1001", "--store", store, "--color", "always"], environment: [:]).contains(escape))
    }

    @Test func quietImportsAndRebuildsPrintNothingButKeepTheirExitStatus() throws {
        let store = directory.path + "/store"
        let imported = try OrdersBinary.run(["import", "-q", "--store", store, "data/bad-batch.jsonl"])
        #expect(imported.status == 1)
        #expect(imported.standardOutput.isEmpty)
        let json = try OrdersBinary.run(["import", "--quiet", "--format", "json", "--store", store, "data/good-batch.csv"])
        #expect(json.status == 0)
        #expect(json.standardOutput.hasPrefix("["), "a JSON summary asked for is still printed")
        let rebuilt = try OrdersBinary.run(["rebuild", "-q", "--store", store])
        #expect(rebuilt.status == 0)
        #expect(rebuilt.standardOutput.isEmpty)
    }
}
