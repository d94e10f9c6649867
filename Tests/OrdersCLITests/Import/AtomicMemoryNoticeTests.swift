import Foundation
import TestSupport
import Testing

/// `import --atomic` says before it starts how much memory its one transaction needs when that is
/// a lot. The imports here meet a store whose lock the test holds (`--wait 0`), so they stop at
/// once after saying it: the large batch is a sparse file that is never read to its end.
struct AtomicMemoryNoticeTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    /// Runs `orders import --wait 0 arguments…` while the test holds the store's import lock.
    func importWhileTheStoreIsBusy(_ arguments: [String]) throws -> OrdersBinary.Output {
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let lock = open(store + "/import.lock", O_RDWR | O_CREAT, 0o644)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        return try OrdersBinary.run(["import", "--store", store, "--wait", "0"] + arguments)
    }

    /// A CSV batch of `size` bytes: the good sample's header, then a hole.
    func batch(named name: String, size: off_t) throws -> String {
        let sample = try String(contentsOfFile: OrdersBinary.repository.path + "/data/good-batch.csv", encoding: .utf8)
        let path = directory.file(name, String(sample.prefix { $0 != "\n" }) + "\n")
        #expect(truncate(path, size) == 0)
        return path
    }

    @Test func anAtomicImportOfALargeFileSaysHowMuchMemoryItNeedsBeforeItStarts() throws {
        let big = try batch(named: "big.csv", size: 80 << 20)
        let result = try importWhileTheStoreIsBusy(["--atomic", big])
        #expect(result.status == 75)
        let notice =
            "orders: --atomic imports \(big) (80 MiB) in one transaction, which holds about 280 MiB of memory "
            + "until it commits; without --atomic, each commit of --records-per-commit records holds far less"
        #expect(result.standardError.split(separator: "\n").first.map(String.init) == notice)
    }

    @Test func anAtomicImportOfASmallFileAndAChunkedImportOfALargeOneSayNothingAboutMemory() throws {
        let small = try batch(named: "small.csv", size: 64 << 20)
        let big = try batch(named: "big.csv", size: 80 << 20)
        for arguments in [["--atomic", small], [big], ["--atomic", "--quiet", big]] {
            let result = try importWhileTheStoreIsBusy(arguments)
            #expect(result.status == 75, "\(arguments)")
            #expect(!result.standardError.contains("memory"), "\(arguments): \(result.standardError)")
        }
    }
}
