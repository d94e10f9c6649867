import Foundation
import TestSupport
import Testing

/// Values that are wrong are usage errors (exit 2) that name the value, whatever the command: a
/// storage error is never the answer to an argument, and no command waits for what cannot come.
struct UsageWordsTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    func imported() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
    }

    func expectUsage(_ arguments: [String], _ message: String) throws {
        let result = try OrdersBinary.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.standardError)")
        #expect(result.standardError == "orders: error: \(message)\n", "\(arguments)")
        #expect(result.standardOutput == "", "\(arguments)")
    }

    @Test func anEmptyOrImpossibleIdIsAUsageErrorNotAStorageError() throws {
        try imported()
        try expectUsage(
            ["list", "--store", store, "--customer", ""],
            "--customer '' is not a customer id: 1–64 characters from A–Z a–z 0–9 . _ : - (see orders list --help)")
        let long = String(repeating: "a", count: 65)
        try expectUsage(
            ["events", "--store", store, "--order", long, "--follow"],
            "--order '\(long)' is not an order id (1–64 characters from A–Z a–z 0–9 . _ : -), so --follow would wait "
                + "for it forever (see orders events --help)")
    }

    @Test func reversedRangesSeqZeroAndTimesBefore1970AreNamed() throws {
        try imported()
        try expectUsage(
            ["revenue", "--store", store, "--from", "2026-03-10", "--to", "2026-03-01"],
            "--to 2026-03-01 is before --from 2026-03-10 (see orders revenue --help)")
        let digest = String(repeating: "ab", count: 32) + "@0"
        try expectUsage(
            ["verify", "--store", store, "--expect", digest],
            "--expect \(digest) names seq 0, before any event; a digest covers seq 1 or later (see orders verify --help)")
        for time in ["1970-01-01T00:00:00+01:00", "1969-12-31T23:59:59Z"] {
            try expectUsage(
                ["list", "--store", store, "--as-of", time],
                "--as-of \(time) is a time outside the years 1970–9999 that the ledger keeps; give one from "
                    + "1970-01-01T00:00:00Z on (see orders list --help)")
        }
        try expectUsage(
            ["list", "--store", store, "--as-of", "1969-02-29T00:00:00Z"],
            "--as-of 1969-02-29T00:00:00Z is neither a seq nor an RFC 3339 time (e.g. 2026-03-01T10:15:00Z) (see orders list --help)"
        )
    }

    @Test func emptyPathsAndAFileForAStoreAreUsageErrors() throws {
        try imported()
        try expectUsage(
            ["backup", "--store", store, ""],
            "the backup directory '' is empty; name a new or empty directory (see orders backup --help)")
        try expectUsage(["stats", "--store", ""], "--store '' is empty; name the store's directory (see orders stats --help)")
        let file = directory.file("plain", "x")
        for arguments in [["stats"], ["list"], ["import", "data/good-batch.csv"]] {
            try expectUsage(
                arguments + ["--store", file],
                "the store at \(file) is a file, not a store directory; pass --store with a store's directory")
        }
    }

    @Test func anOutputThatCannotBeOpenedExitsAsOneThatCannotBeWritten() throws {
        try imported()
        let missing = try OrdersBinary.run(["export", "--store", store, "--output", "/nonexistent/x"])
        #expect(missing.status == 74)
        #expect(missing.standardError == "orders: error: cannot write /nonexistent/x: No such file or directory\n")
        let full = try OrdersBinary.run(["export", "--store", store, "--output", "/dev/full"])
        #expect(full.status == 74)
    }
}
