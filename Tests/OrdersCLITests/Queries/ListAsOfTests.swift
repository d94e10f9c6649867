import Foundation
import TestSupport
import Testing

/// `list --as-of` writes what `list` writes on a store that imported only the events up to that
/// moment, in every format (the streaming listing, JSON Lines included).
struct ListAsOfTests {
    let directory = TemporaryDirectory()

    static let header = "type,order_id,customer_id,currency,lines,amount,at,carrier\n"
    static let records = [
        "place,b,C-2,EUR,X*5@100;Y*1@100,,2026-03-01T10:00:00Z,",
        "place,B,C-1,EUR,X*1@100,,2026-03-01T10:00:00Z,",
        "place,a,C-1,USD,Y*3@100,,2026-03-02T10:00:00Z,",
        "pay,b,,,,600,2026-03-03T11:00:00Z,",
        "place,9,C-3,EUR,Y*1@100,,2026-03-04T10:00:00Z,",
        "ship,b,,,,,2026-03-04T11:00:00Z,",
        "cancel,B,,,,,2026-03-04T12:00:00Z,",
        "pay,a,,,,100,2026-03-05T12:00:00Z,",
    ]

    /// A store that imported the first `count` records.
    func store(importing count: Int) throws -> String {
        let path = directory.path + "/store-\(count)"
        let batch = Self.header + Self.records.prefix(count).joined(separator: "\n") + "\n"
        let result = try OrdersBinary.run(["import", "--store", path, directory.file("batch-\(count).csv", batch)])
        #expect(result.status == 0, "\(result.standardError)")
        return path
    }

    func list(_ store: String, _ arguments: [String]) throws -> String {
        let result = try OrdersBinary.run(["list", "--store", store, "--limit", "0"] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        return result.standardOutput
    }

    @Test func listAsOfASeqOrATimeEqualsTheListOfAStoreThatImportedOnlyThatFar() throws {
        let full = try store(importing: Self.records.count)
        // Each record is one event: as of seq N, or as of the time of record N (the next is later).
        for (count, asOf) in [(0, "0"), (3, "3"), (5, "5"), (4, "2026-03-03T11:00:00Z"), (7, "2026-03-04T12:30:00Z")] {
            let partial = try store(importing: count)
            for format in ["table", "json", "jsonl", "csv"] {
                #expect(
                    try list(full, ["--as-of", asOf, "--format", format]) == list(partial, ["--format", format]),
                    "--as-of \(asOf) --format \(format)")
            }
            #expect(
                try list(full, ["--as-of", asOf, "--status", "placed", "--format", "jsonl"])
                    == list(partial, ["--status", "placed", "--format", "jsonl"]), "--as-of \(asOf) --status placed")
            #expect(
                try list(full, ["--as-of", asOf, "--customer", "C-1", "--format", "csv"])
                    == list(partial, ["--customer", "C-1", "--format", "csv"]), "--as-of \(asOf) --customer C-1")
        }
    }

    @Test func listRefusesAnAsOfThatIsNeitherASeqNorATime() throws {
        let full = try store(importing: 2)
        let result = try OrdersBinary.run(["list", "--store", full, "--as-of", "yesterday"])
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("--as-of yesterday is neither a seq nor an RFC 3339 time"))
    }
}
