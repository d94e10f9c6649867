import Foundation
import TestSupport
import Testing

/// `orders batches`, `orders blame` and `orders diff` as a user runs them (SPEC §11), on a
/// hand-computed ledger: `a.csv` (a record over two lines, a rejection, a duplicate command id, a
/// record without one) and `b.csv`, which continues it with two more records.
/// `ProvenanceBatches` lists the seq, line and command id of each event.
struct ProvenanceCommandTests {
    static let header = ProvenanceBatches.header
    static let first = ProvenanceBatches.first
    static let second = ProvenanceBatches.second

    let directory = TemporaryDirectory()

    /// Runs `orders arguments… --store store` in the test's directory (files named as given).
    func orders(_ arguments: [String], fault: String? = nil) throws -> OrdersBinary.Output {
        try OrdersBinary.run(arguments + ["--store", directory.path + "/store"], in: directory.path, fault: fault)
    }

    /// Imports both files, two records per commit.
    func importBoth() throws -> [String] {
        directory.file("a.csv", Self.first)
        directory.file("b.csv", Self.second)
        return try ["a.csv", "b.csv"].map { file in
            try orders(["import", "--records-per-commit", "2", file]).standardOutput
        }
    }

    /// The SHA-256 of `text`, as `sha256sum` prints it.
    func sha256(_ text: String) throws -> String {
        let path = directory.file("digest-input", text)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(String(decoding: data, as: UTF8.self).prefix(64))
    }

    /// `text` with every commit time replaced by `T`.
    static func withoutTimes(_ text: String) -> String {
        text.replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/, with: "T")
    }

    @Test func eachImportsSummaryEndsWithTheDiffThatShowsWhatItChanged() throws {
        let summaries = try importBoth()
        #expect(summaries[0].hasSuffix("\nWhat changed: orders diff --from 0\n"), "\(summaries[0])")
        #expect(summaries[1].hasSuffix("\nWhat changed: orders diff --from 5\n"), "\(summaries[1])")
        let again = try orders(["import", "a.csv"])
        #expect(!again.standardOutput.contains("What changed"), "a file already imported changed nothing")
    }

    @Test func batchesListsEveryBatchWithItsDigestFileCountsAndSeqs() throws {
        _ = try importBoth()
        let (a, b) = (try sha256(Self.first), try sha256(Self.second))
        let json = try orders(["batches", "--format", "json"])
        #expect(json.status == 0)
        #expect(
            Self.withoutTimes(json.standardOutput) == """
                [
                  {"batch":"\(a)","file":"a.csv","format":"csv","records":7,"accepted":5,"rejected":1,"duplicates":1,\
                "first_seq":1,"last_seq":5,"finished":true,"imported_at":"T"},
                  {"batch":"\(b)","file":"b.csv","format":"csv","records":2,"accepted":2,"rejected":0,"duplicates":0,\
                "first_seq":6,"last_seq":7,"finished":true,"imported_at":"T","continued_after_line":9}
                ]

                """)
        let csv = try orders(["batches", "--format", "csv"]).standardOutput
        #expect(
            Self.withoutTimes(csv)
                == "batch,file,format,records,accepted,rejected,duplicates,first_seq,last_seq,finished,imported_at,continued_after_line\r\n"
                + "\(a),a.csv,csv,7,5,1,1,1,5,true,T,\r\n\(b),b.csv,csv,2,2,0,0,6,7,true,T,9\r\n")
        let table = try orders(["batches"]).standardOutput
        #expect(
            Self.withoutTimes(table) == """
                #  BATCH     FILE                  FORMAT  RECORDS  ACCEPTED  REJECTED  DUPS  SEQS  DONE  IMPORTED AT
                1  \(a.prefix(8))  a.csv                 csv           7         5         1     1  1–5   yes   T
                2  \(b.prefix(8))  b.csv (after line 9)  csv           2         2         0     0  6–7   yes   T
                2 batches, 7 events accepted

                """)
    }

    @Test func blameShowsTheFileLineBatchAndCommandIDBehindEachEvent() throws {
        _ = try importBoth()
        let (a, b) = (try sha256(Self.first), try sha256(Self.second))
        let table = try orders(["blame", "O-1"])
        #expect(table.status == 0)
        #expect(
            table.standardOutput == """
                SEQ  V  TYPE       AT                        FILE:LINE  BATCH     COMMAND_ID
                  1  1  placed     2026-03-01T10:00:00.000Z  a.csv:2    \(a.prefix(8))  c-1
                  3  2  paid       2026-03-01T10:02:00.000Z  a.csv:4    \(a.prefix(8))  c-2
                  5  3  shipped    2026-03-01T10:07:00.000Z  a.csv:9    \(a.prefix(8))  c-5
                  6  4  delivered  2026-03-01T10:08:00.000Z  b.csv:10   \(b.prefix(8))  c-6

                """)
        let json = try orders(["blame", "--format", "json", "O-2"]).standardOutput
        #expect(
            json == """
                [
                  {"seq":2,"version":1,"type":"placed","at":"2026-03-01T10:01:00.000Z","file":"a.csv","line":3,"batch":"\(a)"},
                  {"seq":4,"version":2,"type":"cancelled","at":"2026-03-01T10:06:00.000Z","file":"a.csv","line":7,"batch":"\(a)",\
                "command_id":"c-4"}
                ]

                """)
        let asOf = try orders(["blame", "--as-of", "3", "--format", "csv", "O-1"]).standardOutput
        #expect(
            asOf == "seq,version,type,at,file,line,batch,command_id\r\n"
                + "1,1,placed,2026-03-01T10:00:00.000Z,a.csv,2,\(a),c-1\r\n3,2,paid,2026-03-01T10:02:00.000Z,a.csv,4,\(a),c-2\r\n"
        )
        let missing = try orders(["blame", "O-9"])
        #expect(
            missing.status == 1
                && missing.standardError == "orders: error: no order O-9 in this store; orders list shows the ids there are\n")
    }

    @Test func diffBySeqAndByTimeAnswersFromTheLog() throws {
        _ = try importBoth()
        let bySeq = try orders(["diff", "--from", "2", "--to", "5", "--format", "json"])
        #expect(bySeq.status == 0)
        #expect(
            bySeq.standardOutput == """
                {"from":{"seq":2},"to":{"seq":5},"events":3,"by_type":{"placed":0,"paid":1,"shipped":1,"delivered":0,\
                "cancelled":1,"refunded":0},"money":{"EUR":{"gross":0,"captured":2000,"refunded":0,"net":2000},\
                "USD":{"gross":0,"captured":0,"refunded":0,"net":0}},"orders":[{"order_id":"O-1","status_before":"placed",\
                "status_after":"shipped","events":2,"paid":2000,"refunded":0},{"order_id":"O-2","status_before":"placed",\
                "status_after":"cancelled","events":1,"paid":0,"refunded":0}]}

                """)
        // By time: the cancel of O-2 (seq 4) is after 10:05 though O-1's pay (seq 3) is not; O-3
        // is placed in the range, so it has no status before.
        let byTime = try orders(["diff", "--from", "2026-03-01T10:05:00Z", "--to", "2026-03-02T09:00:00Z", "--format", "json"])
        #expect(
            byTime.standardOutput == """
                {"from":{"at":"2026-03-01T10:05:00.000Z"},"to":{"at":"2026-03-02T09:00:00.000Z"},"events":4,\
                "by_type":{"placed":1,"paid":0,"shipped":1,"delivered":1,"cancelled":1,"refunded":0},\
                "money":{"EUR":{"gross":700,"captured":0,"refunded":0,"net":0},"USD":{"gross":0,"captured":0,"refunded":0,\
                "net":0}},"orders":[{"order_id":"O-1","status_before":"paid","status_after":"delivered","events":2,"paid":0,\
                "refunded":0},{"order_id":"O-2","status_before":"placed","status_after":"cancelled","events":1,"paid":0,\
                "refunded":0},{"order_id":"O-3","status_after":"placed","events":1,"paid":0,"refunded":0}]}

                """)
        let table = try orders(["diff", "--from", "5"]).standardOutput
        #expect(
            table == """
                From seq 5 to seq 7: 2 events (placed 1, paid 0, shipped 0, delivered 1, cancelled 0, refunded 0), 2 orders touched

                CURRENCY  GROSS  CAPTURED  REFUNDED   NET
                EUR        7.00      0.00      0.00  0.00

                ORDER  BEFORE   AFTER      EVENTS      PAID  REFUNDED
                O-1    shipped  delivered       1  EUR 0.00  EUR 0.00
                O-3    (new)    placed          1  EUR 0.00  EUR 0.00

                """)
        let csv = try orders(["diff", "--from", "5", "--format", "csv"]).standardOutput
        #expect(
            csv
                == "order_id,status_before,status_after,events,paid,refunded\r\nO-1,shipped,delivered,1,0,0\r\nO-3,,placed,1,0,0\r\n"
        )
        #expect(try orders(["diff", "--from", "7", "--format", "json"]).standardOutput.contains("\"events\":0,"))
    }

    @Test func aDiffRangeThatCannotBeAnsweredIsAUsageError() throws {
        _ = try importBoth()
        let cases: [([String], String)] = [
            (["--from", "8"], "orders: error: --from 8 is past the log's head (seq 7)\n"),
            (["--from", "5", "--to", "3"], "orders: error: --from 5 is after --to 3\n"),
            (
                ["--from", "1", "--to", "2026-03-01T00:00:00Z"],
                "orders: error: --from and --to must both be seqs or both be times\n"
            ),
        ]
        for (arguments, message) in cases {
            let result = try orders(["diff"] + arguments)
            #expect(result.status == 2 && result.standardError == message, "\(arguments): \(result.standardError)")
        }
        #expect(try orders(["diff", "--from", "yesterday"]).status == 2)
    }

    @Test func anAtomicRollbackAddsNoBatchRowAndNoProvenance() throws {
        _ = try importBoth()
        directory.file(
            "c.csv", Self.header + "place,O-4,C-1,EUR,A-1*1@1,,2026-03-03T00:00:00Z,c-8,\npay,O-99,,,,1,2026-03-03T00:00:00Z,,\n")
        let rolledBack = try orders(["import", "--atomic", "c.csv"])
        #expect(rolledBack.status == 1)
        #expect(!rolledBack.standardOutput.contains("What changed"))
        #expect(try orders(["batches", "--format", "csv"]).standardOutput.split(separator: "\r\n").count == 3)
        #expect(try orders(["blame", "O-4"]).status == 1)
        #expect(try orders(["verify"]).status == 0)
    }

    @Test func anInterruptedImportLeavesItsUnfinishedRowAndTheResumeFinishesIt() throws {
        directory.file("a.csv", Self.first)
        let killed = try orders(["import", "--records-per-commit", "2", "a.csv"], fault: "after-commit:1")
        #expect(killed.killedBySignal)
        let unfinished = try orders(["batches", "--format", "csv"]).standardOutput
        #expect(Self.withoutTimes(unfinished).hasSuffix(",a.csv,csv,2,2,0,0,1,2,false,T,\r\n"), "\(unfinished)")
        #expect(try orders(["import", "--records-per-commit", "2", "a.csv"]).status == 1)
        let finished = try orders(["batches", "--format", "csv"]).standardOutput
        #expect(Self.withoutTimes(finished).hasSuffix(",a.csv,csv,7,5,1,1,1,5,true,T,\r\n"), "\(finished)")
        let lines = try orders(["blame", "--format", "csv", "O-1"]).standardOutput.split(separator: "\r\n").dropFirst()
        #expect(lines.map { $0.split(separator: ",")[5] } == ["2", "4", "9"])
    }

    @Test(arguments: ["batches", "blame", "diff"])
    func eachCommandHasHelpWithAnExample(command: String) throws {
        let help = try OrdersBinary.run([command, "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("Examples:\n  orders \(command)"), "\(help.standardOutput)")
    }
}
