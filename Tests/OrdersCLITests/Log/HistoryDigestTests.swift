import BatchGenerator
import Foundation
import TestSupport
import Testing

/// One history, one digest (SPEC §10): the digest `stats` shows depends on the events alone, not
/// on how they came into the store, and any change to one event's bytes is named at its seq.
struct HistoryDigestTests {
    let directory = TemporaryDirectory()

    func store(_ name: String) -> String { directory.path + "/" + name }

    func run(_ arguments: [String], fault: String? = nil) throws -> OrdersBinary.Output {
        try OrdersBinary.run(arguments, fault: fault)
    }

    /// The digest `orders stats --format json` shows, as `HEX@SEQ`.
    func digest(of store: String) throws -> String {
        let stats = try run(["stats", "--store", store, "--format", "json"])
        #expect(stats.status == 0, "\(stats.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.standardOutput.utf8)) as? [String: Any])
        let chain = try #require(object["chain"] as? [String: Any])
        return "\(try #require(chain["digest"] as? String))@\(try #require(chain["seq"] as? Int))"
    }

    func importing(_ files: [String], into store: String, perCommit: Int = 65_536) throws {
        for file in files {
            let result = try run(["import", "--store", store, "--records-per-commit", "\(perCommit)", file])
            #expect(result.status <= 1, "\(file): \(result.standardError)")
        }
    }

    @Test func theSameHistoryHasTheSameDigestHoweverItCameIntoTheStore() throws {
        let whole = CrashBatches(in: directory, name: "whole", seed: 23, recordCounts: [3_000]).paths
        let parts = CrashBatches(in: directory, name: "part", seed: 23, recordCounts: [1_000, 1_000, 1_000]).paths
        try importing(whole, into: store("one-file"))
        let expected = try digest(of: store("one-file"))
        #expect(try Int(#require(expected.split(separator: "@").last))! > 2_048, "the history spans several links")

        try importing(parts, into: store("three-files"), perCommit: 97)
        #expect(try digest(of: store("three-files")) == expected)

        let resumed = store("resumed")
        let killed = try run(
            ["import", "--store", resumed, "--records-per-commit", "500"] + whole, fault: "after-commit:2")
        #expect(killed.killedBySignal)
        try importing(whole, into: resumed, perCommit: 333)
        #expect(try digest(of: resumed) == expected)

        let exported = directory.path + "/export.jsonl"
        #expect(try run(["export", "--store", store("one-file"), "--output", exported]).status == 0)
        try importing([exported], into: store("round-trip"))
        #expect(try digest(of: store("round-trip")) == expected)

        #expect(try run(["backup", "--store", store("one-file"), store("backup")]).status == 0)
        #expect(try digest(of: store("backup")) == expected)

        for copy in ["three-files", "resumed", "round-trip", "backup"] {
            let verified = try run(["verify", "--store", store(copy), "--expect", expected])
            #expect(verified.status == 0, "\(copy): \(verified.standardOutput)")
        }
    }

    @Test func anyOneByteChangeToAnEventIsNamedAtItsSeq() throws {
        let path = store("one-file")
        try importing(CrashBatches(in: directory, name: "whole", seed: 29, recordCounts: [1_500]).paths, into: path)
        let expected = try digest(of: path)
        let log = try StoreFixture.entries(database: "log", at: path)
        var random = SplitMix64(seed: 41)
        for _ in 0..<6 {
            let index = Int(random.next() % UInt64(log.count))
            let (key, event) = log[index]
            var changed = event
            changed[Int(random.next() % UInt64(event.count))] &+= UInt8(1 + random.next() % 255)
            try StoreFixture.put(changed, key: key, database: "log", at: path)
            let verified = try run(["verify", "--store", path, "--expect", expected])
            #expect(verified.status == 1)
            let seq = key.reduce(0) { $0 << 8 | UInt64($1) }
            #expect(
                verified.standardOutput.contains("chain: the bytes of seq \(seq) no longer match the chain"),
                "\(verified.standardOutput)")
            try StoreFixture.put(event, key: key, database: "log", at: path)
        }
        #expect(try run(["verify", "--store", path, "--expect", expected]).status == 0)
    }
}
