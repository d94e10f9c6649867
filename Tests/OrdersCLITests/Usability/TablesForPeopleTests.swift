import Foundation
import TestSupport
import Testing

/// Tables group money and counts the same in every locale while JSON and CSV keep every digit;
/// each column is as wide as its own cells; rejects prints a table unless asked for JSON Lines.
struct TablesForPeopleTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    init() throws {
        let batch = """
            type,order_id,customer_id,currency,lines,amount,at
            place,O-1,C-1,EUR,A*1000@1000000000,,2026-03-01T10:00:00Z
            place,O-2,C-1,JPY,B*4@25215004,,2026-03-01T11:00:00Z

            """
        #expect(try OrdersBinary.run(["import", "--store", store, directory.file("big.csv", batch)]).status == 0)
    }

    func run(_ arguments: [String]) throws -> String {
        let result = try OrdersBinary.run(arguments + ["--store", store])
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        return result.standardOutput
    }

    @Test func moneyIsGroupedInTablesOnly() throws {
        let list = try run(["list"])
        #expect(list.contains("EUR 10,000,000,000.00"))
        #expect(list.contains("JPY 100,860,016"))
        #expect(try run(["customers"]).contains("EUR 0.00, JPY 0"))
        #expect(try run(["skus"]).contains("1,000"))
        #expect(try run(["list", "--format", "json"]).contains(#""total":1000000000000"#))
        #expect(try run(["list", "--format", "csv"]).contains(",100860016,"))
        #expect(try run(["revenue", "--format", "csv"]).contains(",1000000000000,"))
    }

    @Test func statsColumnsFitTheirOwnCells() throws {
        let lines = try run(["stats"]).split(separator: "\n")
        let table = lines.filter { !$0.hasPrefix("chain: ") }
        #expect(table.allSatisfy { $0.count < 40 }, "\(table)")
        #expect(lines.last?.hasPrefix("chain: ") == true && lines.last?.hasSuffix(" at seq 2") == true)
    }

    @Test func rejectsDefaultsToATable() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, "data/bad-batch.jsonl"]).status == 1)
        let table = try run(["rejects", "data/bad-batch.jsonl"])
        #expect(table.hasPrefix("FILE"))
        let jsonl = try run(["rejects", "--format", "jsonl", "data/bad-batch.jsonl"])
        #expect(jsonl.split(separator: "\n").allSatisfy { $0.hasPrefix("{\"file\":") })
    }
}
