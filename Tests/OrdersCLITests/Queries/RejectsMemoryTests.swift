import Foundation
import TestSupport
import Testing

/// `orders rejects` writes its rows as it reads them: its heap stays flat however many rejections
/// a batch has, as `list`, `events` and `export` do.
struct RejectsMemoryTests {
    let directory = TemporaryDirectory()

    @Test func twoHundredThousandRejectionsAreListedUnderA64MiBHeapInEveryFormat() throws {
        let store = directory.path + "/store"
        let count = 200_000
        var batch = "type,order_id,at\n"
        batch.reserveCapacity(count * 36)
        for index in 0..<count { batch += "pay,O-\(index),2026-03-01T10:00:00Z\n" }
        let file = directory.file("rejected.csv", batch)
        #expect(try OrdersBinary.run(["import", "--store", store, "--quiet", file]).status == 1)
        let expectedLast = [
            "jsonl":
                "{\"file\":\"\(file)\",\"line\":\(count + 1),\"code\":\"malformed\",\"message\":\"missing amount\",\"record\":\"pay,O-\(count - 1),2026-03-01T10:00:00Z\"}",
            "csv": "\(file),\(count + 1),malformed,missing amount,\"pay,O-\(count - 1),2026-03-01T10:00:00Z\"\r",
            "table": "\(file)  \(count + 1)  malformed  missing amount  pay,O-\(count - 1),2026-03-01T10:00:00Z",
        ]
        for (format, last) in expectedLast {
            // RLIMIT_DATA bounds the heap (and every private writable mapping), not the store's map.
            let output = directory.path + "/rows.\(format)"
            let errors = directory.path + "/errors.txt"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "ulimit -d 65536 && exec \"$0\" rejects --store \"$1\" --format \"$2\" \"$3\" > \"$4\" 2> \"$5\"",
                OrdersBinary.url.path, store, format, file, output, errors,
            ]
            var environment = ProcessInfo.processInfo.environment
            environment["SWIFT_BACKTRACE"] = "enable=no"
            process.environment = environment
            try process.run()
            process.waitUntilExit()
            let message = try String(contentsOfFile: errors, encoding: .utf8)
            #expect(process.terminationStatus == 0, "\(format): \(message.prefix(300))")
            // Split as bytes: in a `String`, CSV's CR LF is one character, no "\n".
            let lines = try Data(contentsOf: URL(fileURLWithPath: output)).split(separator: UInt8(ascii: "\n"))
            #expect(lines.count == count + (format == "jsonl" ? 0 : 1), "\(format)")
            #expect(lines.last.map { String(decoding: $0, as: UTF8.self) } == last, "\(format)")
        }
    }
}
