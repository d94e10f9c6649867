import Foundation
import TestSupport
import Testing

struct ImportCommandTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    @Test func theGoodSampleImportsCleanlyAndASecondImportChangesNothing() throws {
        let first = try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"])
        #expect(first.status == 0)
        #expect(
            first.standardOutput == """
                FILE                 RECORDS  ACCEPTED  REJECTED  DUPLICATES  SEQ
                data/good-batch.csv       14        13         0           1  1–13
                What changed: orders diff --from 0

                """)
        #expect(first.standardError.isEmpty)
        let second = try OrdersBinary.run(["import", "--store", store, "--format", "json", "data/good-batch.csv"])
        #expect(second.status == 0)
        #expect(
            second.standardOutput == """
                [{"file":"data/good-batch.csv","records":14,"accepted":0,"rejected":0,"duplicates":0,"first_seq":null,"last_seq":null,"already_imported":true,"rolled_back":false}]

                """)
    }

    @Test func theBadSampleReportsEveryRejectionCodeWithItsLine() throws {
        let rejects = directory.path + "/rejects.jsonl"
        let result = try OrdersBinary.run([
            "import", "--store", store, "--rejects", rejects, "--format", "json", "data/bad-batch.jsonl",
        ])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(#""records":14,"accepted":5,"rejected":8,"duplicates":1,"first_seq":1,"last_seq":5"#))
        let lines = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n")
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(objects.map { $0["line"] as! Int } == [3, 4, 5, 6, 7, 8, 9, 12])
        #expect(
            objects.map { $0["code"] as! String } == [
                "malformed", "malformed", "duplicate_order", "unknown_order", "out_of_order", "invalid_state", "overpayment",
                "overrefund",
            ])
        #expect(objects.allSatisfy { $0["file"] as? String == "data/bad-batch.jsonl" })
        #expect(
            objects[6]["record"] as? String == #"{"type":"pay","order_id":"O-2001","amount":700,"at":"2026-03-01T09:11:00Z"}"#)
        #expect(Set(objects[0].keys) == ["file", "line", "code", "message", "record"])
    }

    @Test func aFileErrorExitsTwoAndStillImportsTheOtherFiles() throws {
        let broken = directory.file("broken.csv", "type,order_id\nplace,O-1\n")
        let result = try OrdersBinary.run(["import", "--store", store, "--format", "json", broken, "data/good-batch.csv"])
        #expect(result.status == 2)
        #expect(
            result.standardOutput.contains(
                #"{"file":"\#(broken)","file_error":true,"error":"the header lacks the required column at"#))
        #expect(result.standardOutput.contains(#""file":"data/good-batch.csv","records":14,"accepted":13"#))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.hasPrefix("orders: error: \(broken): the header lacks the required column at"))
    }

    @Test func standardInputNeedsAnInputFormatAndThenWorks() throws {
        let refused = try OrdersBinary.run(["import", "--store", store, "-"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("needs --input-format"))
        #expect(refused.standardError.split(separator: "\n").count == 1)
        let content = try Data(contentsOf: OrdersBinary.repository.appendingPathComponent("data/good-batch.csv"))
        let piped = try OrdersBinary.run(["import", "--store", store, "--input-format", "csv", "-"], input: content)
        #expect(piped.status == 0)
        #expect(
            piped.standardOutput.hasSuffix(
                "-          14        13         0           1  1–13\nWhat changed: orders diff --from 0\n"))
        let again = try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"])
        #expect(again.standardOutput.contains("already imported"))
    }

    @Test func usageErrorsExitTwoWithOneLine() throws {
        for arguments in [
            ["import", "--store", store], ["import", "--bogus", "x.csv"], ["import", "--input-format", "xml", "x"],
        ] {
            let result = try OrdersBinary.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(arguments): \(result.standardError)")
        }
    }

    @Test func atomicWithARejectionAppliesNothing() throws {
        let result = try OrdersBinary.run(["import", "--store", store, "--atomic", "--format", "json", "data/bad-batch.jsonl"])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                #""accepted":0,"rejected":8,"duplicates":1,"first_seq":null,"last_seq":null,"already_imported":false,"rolled_back":true"#
            ))
    }

    @Test func helpHasExamples() throws {
        let result = try OrdersBinary.run(["import", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Examples:"))
    }
}
