import BatchGenerator
import Foundation
import TestSupport
import Testing

/// Queries that run while an import commits must see whole commits only, and read models that
/// agree with each other: an import writes them back with its last chunk, so until then they show
/// the ledger at their checkpoint, while the log goes on.
struct SnapshotDuringImportTests {
    let directory = TemporaryDirectory()

    @Test func statsDuringAnImportAreAlwaysConsistent() throws {
        var lines: [String] = []
        var generator = BatchGenerator(settings: GeneratorSettings(orders: 30_000, seed: 5))
        _ = generator.generate { lines.append($0) }
        let batch = directory.file("batch.csv", lines.joined(separator: "\n") + "\n")
        let store = directory.path + "/store"
        _ = try OrdersBinary.run(["import", "--store", store, directory.file("first.csv", "type,order_id,at\n")])
        let importer = OrdersBinary.start(["import", "--store", store, batch])
        var seen = Set<Int>()
        while importer.isRunning {
            let result = try OrdersBinary.run(["stats", "--store", store, "--format", "json"])
            let stats = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
            let events = stats["events"] as! Int
            let byStatus = (stats["by_status"] as! [String: Int]).values.reduce(0, +)
            #expect(stats["head_seq"] as? Int == events)
            #expect(byStatus == stats["orders"] as? Int)
            let checkpoints = Set((stats["checkpoints"] as! [String: Int]).values)
            #expect(checkpoints.count == 1 && checkpoints.first! <= events, "\(checkpoints) at \(events) events")
            seen.insert(events)
        }
        importer.waitUntilExit()
        #expect(importer.terminationStatus == 0)
        let result = try OrdersBinary.run(["stats", "--store", store, "--format", "json"])
        let stats = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [String: Any]
        let events = stats["events"] as! Int
        #expect(events > 0 && (stats["checkpoints"] as! [String: Int]).values.allSatisfy { $0 == events })
        #expect((stats["by_status"] as! [String: Int]).values.reduce(0, +) == stats["orders"] as? Int)
    }
}
