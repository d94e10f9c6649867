import Foundation
import TestSupport
import Testing

/// The hostile cases about permissions and read-only file systems, each with the exact error a
/// user sees. Permission bits do not bind root, so these run `orders` as `nobody` when the tests
/// run as root.
@Suite(.serialized) struct PermissionTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }
    let batch = "data/good-batch.csv"

    @Test(.enabled(if: OrdersBinary.canRunUnprivileged)) func anUnreadableInputFileIsAFileError() throws {
        let input = directory.file(
            "secret.csv", try String(contentsOfFile: OrdersBinary.repository.path + "/" + batch, encoding: .utf8))
        chmod(input, 0o000)
        let writable = directory.path + "/writable"
        try FileManager.default.createDirectory(atPath: writable, withIntermediateDirectories: true)
        chown(writable, 65534, 65534)
        chmod(writable, 0o777)
        let result = try OrdersBinary.run(["import", "--store", writable + "/store", input], unprivileged: true)
        #expect(result.status == 2)
        #expect(result.standardError == "orders: error: \(input): cannot open: Permission denied\n")
    }

    @Test(.enabled(if: OrdersBinary.canRunUnprivileged))
    func aStoreDirectoryWithoutWritePermissionRefusesWritesAndSaysWhyForReads() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, batch]).status == 0)
        let before = try OrdersBinary.run(["list", "--store", store]).standardOutput
        chmod(store, 0o555)
        for file in ["data.mdb", "lock.mdb"] { chmod(store + "/" + file, 0o444) }
        defer {
            chmod(store, 0o755)
            for file in ["data.mdb", "lock.mdb"] { chmod(store + "/" + file, 0o644) }
        }
        let imported = try OrdersBinary.run(["import", "--store", store, batch], unprivileged: true)
        #expect(imported.status == 2)
        #expect(imported.standardError == "orders: error: cannot write the store at \(store): permission denied\n")
        let rebuilt = try OrdersBinary.run(["rebuild", "--store", store], unprivileged: true)
        #expect(rebuilt.status == 1)
        #expect(rebuilt.standardError == "orders: error: cannot write the store at \(store): permission denied\n")
        let listed = try OrdersBinary.run(["list", "--store", store], unprivileged: true)
        #expect(listed.status == 1)
        #expect(
            listed.standardError
                == "orders: error: cannot read the store at \(store): permission denied (a reader needs to read data.mdb and to write lock.mdb, where LMDB readers register; run as the store's owner or ask for access)\n"
        )
        #expect(try OrdersBinary.run(["list", "--store", store]).standardOutput == before)
    }

    @Test(.enabled(if: ReadOnlyMount.isAvailable)) func aStoreOnAReadOnlyFileSystemAnswersQueriesAndRefusesWrites() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, batch]).status == 0)
        let queries = [["list"], ["show", "O-1001"], ["customers"], ["revenue"], ["skus"], ["stats"], ["verify"]]
        let expected = try queries.map { try OrdersBinary.run($0 + ["--store", store]).standardOutput }
        let mounted = directory.path + "/read-only"
        let mount = try ReadOnlyMount(directory.path, at: mounted)
        defer { mount.remove() }
        let readOnlyStore = mounted + "/store"
        for (query, output) in zip(queries, expected) {
            let result = try OrdersBinary.run(query + ["--store", readOnlyStore])
            #expect(result.status == 0, "\(query)")
            #expect(result.standardOutput == output, "\(query)")
        }
        let imported = try OrdersBinary.run(["import", "--store", readOnlyStore, batch])
        #expect(imported.status == 2)
        #expect(
            imported.standardError
                == "orders: error: cannot write the store at \(readOnlyStore): it is on a read-only file system (queries still work)\n"
        )
        let rebuilt = try OrdersBinary.run(["rebuild", "--store", readOnlyStore])
        #expect(rebuilt.status == 1)
        #expect(
            rebuilt.standardError
                == "orders: error: cannot write the store at \(readOnlyStore): it is on a read-only file system (queries still work)\n"
        )
    }
}
