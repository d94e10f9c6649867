import Foundation
import TestSupport
import Testing

/// An LMDB environment that another program made is recognised before it is used: every command
/// refuses it (exit 2, one line) and nothing in its data file changes.
struct ForeignStoreTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/foreign" }

    /// Every command, pointed at the store.
    var commands: [[String]] {
        let batch = OrdersBinary.repository.path + "/data/good-batch.csv"
        return [
            ["import", batch], ["import", "--atomic", batch], ["rebuild"], ["verify"], ["list"], ["show", "O-1001"],
            ["customers"], ["revenue"], ["skus"], ["stats"], ["rejects", batch],
        ]
    }

    func data() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: store + "/data.mdb")) }

    func expectRefused(_ reason: String) throws {
        let before = try data()
        for command in commands {
            let result = try OrdersBinary.run(command + ["--store", store])
            #expect(result.status == 2, "\(command): \(result.standardError)")
            #expect(
                result.standardError
                    == "orders: error: \(store) is not an orders store: \(reason); nothing in it was changed "
                    + "(pass the --store of an orders store)\n", "\(command)")
            #expect(try data() == before, "\(command) changed data.mdb")
        }
    }

    @Test func anEnvironmentWithALogDatabaseOfItsOwnIsRefusedByEveryCommand() throws {
        try StoreFixture.foreignEnvironment(at: store, databases: ["log", "sessions"])
        try expectRefused("it holds a database named \"sessions\", which orders never makes")
    }

    @Test func anEnvironmentWithOnlyOurNamesButNoFormatIsRefusedByEveryCommand() throws {
        try StoreFixture.foreignEnvironment(at: store, databases: ["meta", "log"])
        try expectRefused("its meta database holds no format version")
    }

    @Test func anEnvironmentWithoutMetaIsRefusedByEveryCommand() throws {
        try StoreFixture.foreignEnvironment(at: store, databases: ["log", "orders"])
        try expectRefused("it has no meta database with a format version")
    }

    @Test func anEnvironmentWithPlainKeysIsRefusedByEveryCommand() throws {
        try StoreFixture.foreignEnvironment(at: store, databases: [], mainEntries: [("config", "x")])
        try expectRefused("it holds a database named \"config\", which orders never makes")
    }

    @Test func anEmptyEnvironmentIsNoStoreForReadersAndRebuildAndBecomesOneOnImport() throws {
        try StoreFixture.foreignEnvironment(at: store, databases: [])
        let before = try data()
        for command in [["rebuild"], ["verify"], ["stats"]] {
            let result = try OrdersBinary.run(command + ["--store", store])
            #expect(result.status == 1, "\(command)")
            #expect(result.standardError.hasPrefix("orders: error: no store at \(store)"), "\(command)")
            #expect(try data() == before, "\(command) changed data.mdb")
        }
        let batch = OrdersBinary.repository.path + "/data/good-batch.csv"
        #expect(try OrdersBinary.run(["import", batch, "--store", store]).status == 0)
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)
    }
}
