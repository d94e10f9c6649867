import Foundation
import TestSupport
import Testing

/// Standard output that cannot be written (`/dev/full`) is an error, exit 74 with one line, for
/// every command — small outputs and outputs larger than stdio's buffer, whose failed write glibc
/// drops early — and also after a committed import.
struct FullOutputTests {
    let directory = TemporaryDirectory()

    /// Runs `orders arguments…` with standard output on `/dev/full`: its status and standard error.
    func runOnFullDisk(_ arguments: [String]) throws -> (status: Int32, standardError: String) {
        let process = Process()
        process.executableURL = OrdersBinary.url
        process.arguments = arguments
        process.currentDirectoryURL = OrdersBinary.repository
        process.standardOutput = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }

    @Test func everyCommandExits74WhenStandardOutputCannotBeWritten() throws {
        let store = directory.path + "/store"
        let imported = try runOnFullDisk(["import", "--store", store, "data/good-batch.csv"])
        // Not 1: every record was accepted.
        #expect(imported.status == 74)
        #expect(imported.standardError.hasPrefix("orders: error: cannot write standard output: "))
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0, "the import itself was committed")
        let queries: [[String]] = [
            ["list"], ["list", "--limit", "0", "--format", "json"], ["show", "O-1002"], ["customers"], ["revenue"],
            ["skus"], ["stats"], ["verify"], ["rebuild"], ["events"], ["events", "--format", "jsonl"], ["export"],
            ["export", "--format", "csv"], ["list", "--limit", "0", "--format", "jsonl"], ["--help"], ["stats", "--help"],
            ["--version"], ["--generate-completion-script", "bash"],
        ]
        for query in queries {
            let needsStore = !query[0].hasPrefix("--") && query.last != "--help"
            let result = try runOnFullDisk(query + (needsStore ? ["--store", store] : []))
            #expect(result.status == 74, "\(query)")
            #expect(result.standardError.hasPrefix("orders: error: cannot write standard output: "), "\(query)")
            #expect(result.standardError.filter { $0 == "\n" }.count == 1, "\(query): \(result.standardError)")
        }
    }

    @Test func anOutputLargerThanTheBufferIsCaughtToo() throws {
        // A sku and a customer per order, over 336 days: every listing is larger than stdio's buffer.
        let lines = (1...3_000).map { order in
            let day = String(format: "2026-%02d-%02d", order % 12 + 1, order % 28 + 1)
            return "place,O-\(order),C-\(order),EUR,S-\(order)*1@100,,\(day)T10:00:00Z"
        }
        let batch = directory.file(
            "big.csv", "type,order_id,customer_id,currency,lines,amount,at\n" + lines.joined(separator: "\n") + "\n")
        let store = directory.path + "/store"
        #expect(try OrdersBinary.run(["import", "--store", store, batch]).status == 0)
        // 3,000 payments of orders no batch placed: as many rejections.
        let unknown = directory.file(
            "unknown.csv",
            "type,order_id,customer_id,currency,lines,amount,at\n"
                + (1...3_000).map { "pay,X-\($0),,,,100,2026-03-01T10:00:00Z\n" }.joined())
        #expect(try OrdersBinary.run(["import", "--store", store, unknown]).status == 1)
        let queries = [
            ["list", "--limit", "0"], ["events", "--format", "json"], ["export"], ["customers"],
            ["customers", "--format", "json"], ["customers", "--format", "csv"], ["customers", "--as-of", "3000"],
            ["skus"], ["skus", "--format", "json"], ["revenue"], ["revenue", "--format", "csv"], ["rejects", unknown],
        ]
        for query in queries {
            let result = try runOnFullDisk(query + ["--store", store])
            #expect(result.status == 74, "\(query)")
            // The reason is the system's, also when stdio wrote part of it before the error.
            #expect(
                result.standardError == "orders: error: cannot write standard output: No space left on device\n",
                "\(query)")
        }
    }
}
