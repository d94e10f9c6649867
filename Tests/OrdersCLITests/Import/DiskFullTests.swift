import BatchGenerator
import Foundation
import LedgerStore
import TestSupport
import Testing

/// A file system that fills up during an import: the error says so and how much was free, the
/// store keeps every earlier commit intact, and once there is room the same import continues to
/// the ledger of an uninterrupted one.
@Suite(.serialized) struct DiskFullTests {
    let directory = TemporaryDirectory()

    @Test(.enabled(if: SmallFileSystem.isAvailable)) func aDiskThatFillsMidImportIsNamedAndTheImportContinuesOnceThereIsRoom()
        throws
    {
        var lines: [String] = []
        var generator = BatchGenerator(settings: GeneratorSettings(orders: 8_000, seed: 5, badShare: 0))
        _ = generator.generate { lines.append($0) }
        let batch = directory.file("batch.csv", lines.joined(separator: "\n") + "\n")
        let disk = try SmallFileSystem(at: directory.path + "/small", megabytes: 3)
        defer { disk.remove() }
        let store = disk.path + "/store"

        let full = try OrdersBinary.run(["import", "--store", store, "--records-per-commit", "1000", batch])
        #expect(full.status == 2)
        // The free space is measured when the write fails; the lock file's page is given back
        // when the import ends, so what is free now may be that page more.
        let free = full.standardError.firstMatch(of: /is full \((\d+) bytes free\)/).flatMap { UInt64($0.1) }
        let reported = try #require(free, "no free-space figure in: \(full.standardError)")
        #expect(reported <= disk.freeBytes && disk.freeBytes - reported <= 8_192)
        #expect(
            full.standardError == "orders: error: the disk holding \(store) is full (\(reported) bytes free); free some space "
                + "(records committed before this are kept; run the import again to continue)\n")
        let verified = try OrdersBinary.run(["verify", "--store", store])
        #expect(verified.status == 0)
        #expect(verified.standardOutput.contains("\nok: "))
        let kept = try LedgerStore(path: store, readOnly: true).headSeq()
        #expect(kept > 0 && kept < UInt64(lines.count - 1), "the disk filled before the first commit or not at all")

        try disk.grow(to: 128)
        let resumed = try OrdersBinary.run(["import", "--store", store, "--records-per-commit", "1000", batch])
        #expect(resumed.status == 0)
        #expect(resumed.standardOutput.contains("resumed at line"))
        let reference = directory.path + "/reference"
        #expect(try OrdersBinary.run(["import", "--store", reference, batch]).status == 0)
        #expect(try LedgerQueries.answers(of: store) == LedgerQueries.answers(of: reference))
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)
    }
}
