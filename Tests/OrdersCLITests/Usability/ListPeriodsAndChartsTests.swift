import Foundation
import TestSupport
import Testing

/// `list --from/--to/--sort`, `revenue --by week|month`, and the `--chart` bars of `revenue` and `skus`.
struct ListPeriodsAndChartsTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    /// 2026-03-01 is a Sunday: its ISO week starts on Monday 2026-02-23.
    static let batch = """
        type,order_id,customer_id,currency,lines,amount,at
        place,O-1,C-1,EUR,A*1@300,,2026-03-01T10:00:00Z
        place,O-2,C-1,EUR,A*1@100,,2026-03-02T10:00:00Z
        place,O-3,C-2,EUR,B*2@100,,2026-03-03T10:00:00Z
        place,O-4,C-2,JPY,B*1@5000,,2026-04-10T10:00:00Z
        pay,O-1,,,,300,2026-03-01T11:00:00Z
        pay,O-3,,,,200,2026-03-09T11:00:00Z
        pay,O-4,,,,5000,2026-04-10T11:00:00Z

        """

    init() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, directory.file("b.csv", Self.batch)]).status == 0)
    }

    func json(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try OrdersBinary.run(arguments + ["--store", store, "--format", "json"])
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as! [[String: Any]]
    }

    func ids(_ arguments: [String]) throws -> [String] { try json(["list"] + arguments).map { $0["order_id"] as! String } }

    @Test func listFiltersByPlacedDateAndSorts() throws {
        #expect(try ids(["--from", "2026-03-02", "--to", "2026-03-03"]) == ["O-2", "O-3"])
        #expect(try ids(["--from", "2026-04-01"]) == ["O-4"])
        #expect(try ids(["--sort", "total"]) == ["O-2", "O-3", "O-1", "O-4"])
        #expect(try ids(["--sort", "-total", "--limit", "2"]) == ["O-4", "O-1"])
        #expect(try ids(["--sort", "-placed_at"]) == ["O-4", "O-3", "O-2", "O-1"])
        #expect(try ids(["--sort", "updated_at", "--status", "paid"]) == ["O-1", "O-3", "O-4"])
        let wrong = try OrdersBinary.run(["list", "--store", store, "--sort", "price"])
        #expect(wrong.status == 2 && wrong.standardError.contains("--sort price"))
    }

    @Test func revenueByWeekAndMonthDatesEachPeriodByItsFirstDay() throws {
        let weeks = try json(["revenue", "--by", "week"])
        #expect(weeks.map { $0["date"] as! String } == ["2026-02-23", "2026-03-02", "2026-03-09", "2026-04-06"])
        #expect(weeks[1]["orders_placed"] as? Int == 2 && weeks[1]["gross"] as? Int == 300)
        let months = try json(["revenue", "--by", "month"])
        #expect(months.map { "\($0["date"]!) \($0["currency"]!)" } == ["2026-03-01 EUR", "2026-04-01 JPY"])
        #expect(months[0]["gross"] as? Int == 600 && months[0]["captured"] as? Int == 500)
        #expect(Set(months[0].keys).count == 8, "the SPEC §6 shape")
        let days = try json(["revenue"])
        #expect(days.count == 5)
    }

    @Test func chartsDrawBarsScaledToTheLargestOfEachCurrency() throws {
        let result = try OrdersBinary.run(["revenue", "--store", store, "--by", "month", "--chart"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines[0].hasPrefix("DATE") && lines[0].hasSuffix("NET"))
        #expect(lines[1].hasSuffix("5.00  " + String(repeating: "█", count: 40)))
        #expect(lines[2].hasSuffix("5,000  " + String(repeating: "█", count: 40)))
        let weekly = try OrdersBinary.run(["revenue", "--store", store, "--chart"]).standardOutput
        #expect(weekly.contains("3.00  " + String(repeating: "█", count: 40)))
        #expect(weekly.contains("2.00  " + String(repeating: "█", count: 26) + "▋"))
        let coloured = try OrdersBinary.run(["revenue", "--store", store, "--chart", "--color", "always"]).standardOutput
        #expect(coloured.contains("\u{1B}[36m█") && coloured.contains("\u{1B}[33m█"), "one colour per currency")
        let skus = try OrdersBinary.run(["skus", "--store", store, "--top", "1", "--chart"]).standardOutput
        #expect(
            skus.split(separator: "\n").map(String.init) == [
                "SKU  NET UNITS", "B            3  " + String(repeating: "█", count: 40), "1 of 2 skus (--top 0 for all)",
            ])
        let machine = try OrdersBinary.run(["revenue", "--store", store, "--chart", "--format", "csv"])
        #expect(machine.status == 2 && machine.standardError.contains("--chart"))
    }
}
