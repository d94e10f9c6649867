import Foundation
import LedgerStore
import TestSupport
import Testing

/// The named hostile cases of the reliability issue, each with the exact error a user sees.
struct HostileInputTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    func importing(_ name: String, _ bytes: [UInt8], _ extra: [String] = []) throws -> (OrdersBinary.Output, [[String: Any]]) {
        let path = directory.file(name, bytes: bytes)
        let rejects = directory.path + "/rejects-\(name).jsonl"
        let result = try OrdersBinary.run(
            ["import", "--store", store, "--rejects", rejects, "--format", "json"] + extra + [path])
        let lines = (try? String(contentsOfFile: rejects, encoding: .utf8))?.split(separator: "\n") ?? []
        return (result, try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] })
    }

    @Test func anEmptyCSVFileIsAFileErrorAndAnEmptyJSONLinesFileHasNoRecords() throws {
        let (csv, _) = try importing("empty.csv", [])
        #expect(csv.status == 2)
        #expect(
            csv.standardError.hasSuffix(
                "empty.csv: the file is empty; a CSV batch starts with a header line naming its columns\n"))
        let (jsonl, _) = try importing("empty.jsonl", [])
        #expect(jsonl.status == 0)
        #expect(jsonl.standardOutput.contains(#""records":0,"accepted":0"#))
    }

    @Test func aHeaderOnlyFileImportsNothingAndSucceeds() throws {
        let (result, _) = try importing("header.csv", Array("type,order_id,at\r\n".utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(#""records":0,"accepted":0,"rejected":0"#))
    }

    @Test func aHundredMegabyteLineIsMalformedAndTheRestIsImported() throws {
        var bytes =
            Array(
                #"{"type":"place","order_id":"O-1","customer_id":"C-1","currency":"EUR","lines":[{"sku":"A","qty":1,"unit_price":5}],"at":"2026-03-01T10:00:00Z"}"#
                    .utf8) + [0x0A]
        bytes +=
            Array(#"{"type":"pay","order_id":"O-1","reason":""#.utf8) + [UInt8](repeating: 0x61, count: 100 << 20)
            + Array("\"}\n".utf8)
        bytes += Array(#"{"type":"pay","order_id":"O-1","amount":5,"at":"2026-03-01T10:00:00Z"}"#.utf8) + [0x0A]
        let (result, rejects) = try importing("huge.jsonl", bytes)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains(#""records":3,"accepted":2,"rejected":1"#))
        #expect(rejects.first?["line"] as? Int == 2)
        #expect(rejects.first?["message"] as? String == "the record is 104857643 bytes; at most 1048576 are allowed")
        #expect((rejects.first?["record"] as? String)?.utf8.count ?? 0 <= 1024)
    }

    @Test func invalidUTF8AndNULBytesAreMalformedWithTheirLine() throws {
        let csv =
            Array("type,order_id,at,carrier\nship,O-1,2026-03-01T10:00:00Z,".utf8) + [0xFF, 0xFE]
            + Array("\nship,O\u{0}1,2026-03-01T10:00:00Z,x\n".utf8)
        let (result, rejects) = try importing("bytes.csv", csv)
        #expect(result.status == 1)
        #expect(rejects.map { $0["line"] as! Int } == [2, 3])
        #expect(
            rejects.map { $0["message"] as! String } == [
                "carrier is not valid UTF-8", "order_id \"O\u{0}1\" is not a valid id (1–64 of A–Z a–z 0–9 . _ : -)",
            ])
        let (json, jsonRejects) = try importing(
            "bytes.jsonl",
            Array(#"{"type":"ship","order_id":"O-1","carrier":""#.utf8) + [0xC3, 0x28]
                + Array("\"}\n{\"type\":\"ship\u{0}\"}\n".utf8))
        #expect(json.status == 1)
        #expect(
            jsonRejects.map { $0["message"] as! String } == [
                "not valid UTF-8 at column 44", "not valid JSON: a raw control character in a string at column 14",
            ])
    }

    @Test func aTruncatedLastLineIsReadOrRejectedButNeverLost() throws {
        let (csv, _) = try importing(
            "cut.csv", Array("type,order_id,customer_id,currency,lines,at\nplace,O-1,C-1,EUR,A*1@1,2026-03-01T10:00:00Z".utf8))
        #expect(csv.status == 0)
        #expect(csv.standardOutput.contains(#""records":1,"accepted":1"#))
        let (jsonl, rejects) = try importing("cut.jsonl", Array(#"{"type":"pay","order_id":"O-1","am"#.utf8))
        #expect(jsonl.status == 1)
        #expect(
            rejects.first?["message"] as? String
                == "not valid JSON: expected '\"' closing the string at column 35, found the end of the line")
    }

    @Test func aBinaryFileIsAFileErrorAsCSVAndMalformedLinesAsJSON() throws {
        let binary = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }
        let (csv, _) = try importing("binary.csv", binary)
        #expect(csv.status == 2)
        #expect(csv.standardError.contains("binary.csv: the header line is not valid CSV"))
        let (jsonl, rejects) = try importing("binary.jsonl", binary)
        #expect(jsonl.status == 1)
        #expect(!rejects.isEmpty && rejects.allSatisfy { $0["code"] as? String == "malformed" })
    }

    @Test func aDirectoryOrMissingFileAsInputIsAFileError() throws {
        let folder = directory.path + "/folder.csv"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let result = try OrdersBinary.run(["import", "--store", store, folder, directory.path + "/absent.csv"])
        #expect(result.status == 2)
        #expect(
            result.standardError == """
                orders: error: \(folder): is a directory, not a batch file
                orders: error: \(directory.path)/absent.csv: cannot open: No such file or directory

                """)
    }

    @Test func aStoreThatCannotBeCreatedSaysWhy() throws {
        let result = try OrdersBinary.run(["import", "--store", "/proc/orders-store", "data/good-batch.csv"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "orders: error: cannot write the store at /proc/orders-store: cannot create the directory: No such file or directory\n"
        )
        let file = directory.file("plain", "x")
        let onFile = try OrdersBinary.run(["import", "--store", file, "data/good-batch.csv"])
        #expect(
            onFile.standardError
                == "orders: error: the store at \(file) is a file, not a store directory; pass --store with a store's directory\n"
        )
    }

    @Test func aTruncatedDataFileIsRefusedNotCrashedOn() throws {
        _ = try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"])
        try FileHandle(forWritingTo: URL(fileURLWithPath: store + "/data.mdb")).truncate(atOffset: 20_000)
        for arguments in [["stats"], ["verify"], ["import", "data/bad-batch.jsonl"], ["rebuild"]] {
            let result = try OrdersBinary.run(arguments + ["--store", store])
            #expect(result.status == 1 || result.status == 2, "\(arguments)")
            #expect(
                result.standardError.hasPrefix(
                    "orders: error: the store at \(store) cannot be opened: the data file is truncated ("), "\(arguments)")
            #expect(result.standardError.hasSuffix("restore it from a backup\n"))
        }
    }

    /// A writer killed right after creating the store's files leaves an empty data file: no store
    /// yet for the queries (not LMDB's "Bad file descriptor"), and the next import makes it whole.
    @Test func anEmptyDataFileIsNoStoreYet() throws {
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: store + "/data.mdb", contents: Data())
        for arguments in [["stats"], ["verify"]] {
            let result = try OrdersBinary.run(arguments + ["--store", store])
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.standardError
                    == "orders: error: no store at \(store); import a batch first (orders import --store \(store) FILE) or pass --store\n"
            )
        }
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)
    }

    @Test func aCorruptedEventIsReportedByVerify() throws {
        _ = try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"])
        try StoreFixture.put([9, 9, 9], key: [0, 0, 0, 0, 0, 0, 0, 3], database: "log", at: store)
        let verify = try OrdersBinary.run(["verify", "--store", store])
        #expect(verify.status == 1)
        #expect(verify.standardOutput.contains("log: seq 3 does not decode: an event has an unknown kind"))
        let show = try OrdersBinary.run(["show", "O-1001", "--store", store])
        #expect(show.status == 1)
        #expect(
            show.standardError.hasPrefix("orders: error: store damaged at seq 3: an event has an unknown kind; run orders verify")
        )
    }

    @Test func aStoreOfANewerFormatIsRefused() throws {
        _ = try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"])
        try StoreFixture.put([99, 0, 0, 0], key: Array("format".utf8), database: "meta", at: store)
        let result = try OrdersBinary.run(["list", "--store", store])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "orders: error: the store at \(store) has format version 99, but this orders understands up to \(LedgerStore.formatVersion); use a newer orders\n"
        )
    }
}
