import BatchGenerator
import Foundation
import TestSupport
import Testing

/// Damage that LMDB cannot return as an error (its own checks failing on a broken page, a store
/// file cut short under its map) ends a command with one line and its error status, not with an
/// abort or a bus error and a core dump.
struct UnreportableDamageTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    /// The page size of the stores the tests make, and where a page header keeps its flags.
    static let pageSize = 4096
    static let flagsOffset = 10
    /// LMDB's flag of a leaf page.
    static let leafFlag: UInt16 = 0x02

    @Test func aStoreFileCutShortUnderAReadingCommandEndsItWithOneLine() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let follower = OrdersBinary.start(["events", "--store", store, "--follow", "--format", "json"])
        let output = EventsFollowTests.OutputCollector(follower.standardOutput as! Pipe)
        // Once the events are printed the command reads the map; a page read past the end of a
        // file that shrank is a SIGBUS, sent here directly since a truncation cannot be timed.
        _ = output.wait { $0.contains("\"seq\":13,") }
        kill(follower.processIdentifier, SIGBUS)
        let result = OrdersBinary.finish(follower)
        #expect(!result.killedBySignal && result.status == 1, "\(result.status) \(result.standardError)")
        #expect(result.standardError.hasPrefix("orders: error: a file of the store was cut short while this command read it"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func aLeafPageOfTheLogZeroedEndsTheCommandsThatWalkTheLogWithOneLine() throws {
        try importGenerated()
        let value = try #require(try logEventInTheMiddle())
        try zeroLeafPages(holding: value)
        // A cursor that walks the log reaches the zeroed page from its sibling and LMDB's own
        // check (`IS_LEAF`) fails: before, an abort (SIGABRT) and a core dump.
        for command in [["verify"], ["rebuild"], ["export"], ["events"]] {
            let result = try OrdersBinary.run(command + ["--store", store])
            #expect(!result.killedBySignal && result.status == 1, "\(command): \(result.status) \(result.standardError)")
            #expect(result.standardError.hasPrefix("orders: error: the store at \(store) is damaged: a page"), "\(command)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(command)")
        }
    }

    @Test func aZeroedLeafPageThatLMDBReportsIsNamedAsDamageNotAsAStorageError() throws {
        try importGenerated()
        let orders = try StoreFixture.entries(database: "orders", at: store)
        let middle = orders[orders.count / 2]
        let names = try StoreFixture.entries(database: "order_names", at: store)
        let id = try #require(names.first { $0.key == middle.key }.map { String(decoding: $0.value, as: UTF8.self) })
        try zeroLeafPages(holding: middle.value)
        // LMDB finds the page of the wrong kind and says so (`MDB_CORRUPTED`): before, "storage
        // error: mdb_get: MDB_CORRUPTED: Located page was wrong type", with nothing to do.
        let result = try OrdersBinary.run(["show", "--store", store, "--", id])
        #expect(!result.killedBySignal && result.status == 1, "\(result.status) \(result.standardError)")
        #expect(result.standardError.hasPrefix("orders: error: the store is damaged: "), "\(result.standardError)")
        #expect(result.standardError.hasSuffix("; run orders verify, or restore the store from a backup\n"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    /// Imports a generated batch of 3,000 orders.
    func importGenerated() throws {
        var lines: [String] = []
        var generator = BatchGenerator(settings: GeneratorSettings(orders: 3_000, seed: 5))
        _ = generator.generate { lines.append($0) }
        let batch = directory.file("batch.csv", lines.joined(separator: "\n") + "\n")
        #expect(try OrdersBinary.run(["import", "--store", store, batch]).status == 0)
    }

    /// The stored bytes of the event halfway through the log.
    func logEventInTheMiddle() throws -> [UInt8]? {
        let log = try StoreFixture.entries(database: "log", at: store)
        return log.isEmpty ? nil : log[log.count / 2].value
    }

    /// Sets to zero every leaf page of the data file that holds `value` (the page in the tree,
    /// and any copy of it an earlier commit left on a free page).
    func zeroLeafPages(holding value: [UInt8]) throws {
        let path = store + "/data.mdb"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var zeroed = 0
        for page in stride(from: 2 * Self.pageSize, to: bytes.count, by: Self.pageSize) {
            let flags = UInt16(bytes[page + Self.flagsOffset]) | UInt16(bytes[page + Self.flagsOffset + 1]) << 8
            guard flags == Self.leafFlag,
                bytes[page..<page + Self.pageSize].firstRange(of: value) != nil
            else { continue }
            bytes.replaceSubrange(page..<page + Self.pageSize, with: repeatElement(0, count: Self.pageSize))
            zeroed += 1
        }
        #expect(zeroed > 0)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
