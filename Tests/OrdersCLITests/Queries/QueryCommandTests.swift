import Foundation
import LedgerStore
import TestSupport
import Testing

struct QueryCommandTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    /// Orders with ids that sort differently by byte order than by case or number.
    static let batch = """
        type,order_id,customer_id,currency,lines,amount,at,carrier
        place,b,C-2,EUR,X*5@100;Y*1@100,,2026-03-01T10:00:00Z,
        place,B,C-1,EUR,X*1@100,,2026-03-01T10:00:00Z,
        place,a,C-1,USD,Y*3@100,,2026-03-02T10:00:00Z,
        place,-x,C-1,EUR,Z*2@100,,2026-03-02T10:00:00Z,
        place,10,C-3,EUR,Z*2@100,,2026-03-03T10:00:00Z,
        place,9,C-3,EUR,Y*1@100,,2026-03-03T10:00:00Z,
        pay,b,,,,600,2026-03-03T11:00:00Z,
        ship,b,,,,,2026-03-04T11:00:00Z,
        cancel,B,,,,,2026-03-04T12:00:00Z,
        pay,a,,,,100,2026-03-05T12:00:00Z,

        """

    init() throws {
        _ = try OrdersBinary.run(["import", "--store", store, directory.file("batch.csv", Self.batch)])
    }

    func json(_ arguments: [String]) throws -> Any {
        let result = try OrdersBinary.run(arguments + ["--store", store, "--format", "json"])
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    }

    func ids(_ arguments: [String], key: String = "order_id") throws -> [String] {
        try (json(arguments) as! [[String: Any]]).map { $0[key] as! String }
    }

    @Test func listSortsByByteOrderAndFilters() throws {
        #expect(try ids(["list"]) == ["-x", "10", "9", "B", "a", "b"])
        #expect(try ids(["list", "--customer", "C-1"]) == ["-x", "B", "a"])
        #expect(try ids(["list", "--status", "placed"]) == ["-x", "10", "9"])
        #expect(try ids(["list", "--status", "partially_paid", "--customer", "C-1"]) == ["a"])
        #expect(try ids(["list", "--customer", "nobody"]) == [])
        #expect(try ids(["list", "--limit", "2"]) == ["-x", "10"])
        #expect(try ids(["list", "--limit", "0"]).count == 6)
        #expect(try ids(["list", "--customer", "C-1", "--limit", "1"]) == ["-x"])
    }

    @Test func listDefaultsToAHundredRows() throws {
        var content = "type,order_id,customer_id,currency,lines,at\n"
        for index in 0..<150 { content += "place,P-\(index),C-9,EUR,A*1@1,2026-03-01T10:00:00Z\n" }
        _ = try OrdersBinary.run(["import", "--store", store, directory.file("many.csv", content)])
        #expect(try ids(["list"]).count == 100)
        #expect(try ids(["list", "--limit", "0"]).count == 156)
    }

    @Test func anIdThatStartsWithADashWorksAfterTheSeparator() throws {
        let result = try OrdersBinary.run(["show", "--store", store, "--format", "json", "--", "-x"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix(#"{"order_id":"-x","#))
    }

    @Test func anUnknownOrderIsAnErrorWithExitOne() throws {
        let result = try OrdersBinary.run(["show", "--store", store, "O-404"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "orders: error: no order O-404 in this store; orders list shows the ids there are\n")
    }

    @Test func aCancelledHistoryEntryAlwaysCarriesItsRefund() throws {
        let detail = try json(["show", "B"]) as! [String: Any]
        let history = detail["history"] as! [[String: Any]]
        #expect(history.last?["type"] as? String == "cancelled")
        #expect(history.last?["refund"] as? Int == 0)
        #expect(history.first?["amount"] == nil)
        #expect(Set(detail.keys).count == 14)
    }

    @Test func netAndRevenueKeepEveryCurrencyEvenAtZero() throws {
        let customers = try json(["customers"]) as! [[String: Any]]
        #expect(customers.map { $0["customer_id"] as! String } == ["C-1", "C-2", "C-3"])
        #expect(customers[0]["net"] as! [String: Int] == ["EUR": 0, "USD": 100])
        #expect(customers[0]["open_orders"] as? Int == 2 && customers[0]["cancelled"] as? Int == 1)
        let skus = try json(["skus"]) as! [[String: Any]]
        #expect(skus.map { $0["sku"] as! String } == ["X", "Y", "Z"])
        #expect(skus[0]["revenue"] as! [String: Int] == ["EUR": 500])
        #expect(skus[0]["units_cancelled"] as? Int == 1)
    }

    @Test func skusTopRanksByNetUnitsThenSku() throws {
        #expect(try ids(["skus", "--top", "2"], key: "sku") == ["X", "Y"])
        #expect(try ids(["skus", "--top", "0"], key: "sku") == ["X", "Y", "Z"])
        let skus = try json(["skus", "--top", "1"]) as! [[String: Any]]
        #expect(skus.count == 1)
    }

    @Test func revenueRangesAreInclusiveAndShipmentOnlyDaysHaveNoRow() throws {
        let all = try json(["revenue"]) as! [[String: Any]]
        #expect(
            all.map { "\($0["date"]!) \($0["currency"]!)" } == [
                "2026-03-01 EUR", "2026-03-02 EUR", "2026-03-02 USD", "2026-03-03 EUR", "2026-03-04 EUR", "2026-03-05 USD",
            ])
        let range = try json(["revenue", "--from", "2026-03-02", "--to", "2026-03-03"]) as! [[String: Any]]
        #expect(range.count == 3)
        let reversed = try OrdersBinary.run(["revenue", "--store", store, "--from", "2026-03-05", "--to", "2026-03-01"])
        #expect(
            reversed.status == 2 && reversed.standardError.hasPrefix("orders: error: --to 2026-03-01 is before --from 2026-03-05")
        )
        let day = all[4]
        #expect(day["orders_cancelled"] as? Int == 1 && day["refunded"] as? Int == 0 && day["net"] as? Int == 0)
        let bad = try OrdersBinary.run(["revenue", "--store", store, "--from", "2026-02-30"])
        #expect(bad.status == 2)
    }

    @Test func statsCountsEveryStatusIncludingZeros() throws {
        let stats = try json(["stats"]) as! [String: Any]
        #expect(
            stats["by_status"] as! [String: Int] == [
                "placed": 3, "partially_paid": 1, "paid": 0, "shipped": 1, "delivered": 0, "cancelled": 1,
            ])
        #expect(stats["events"] as? Int == 10 && stats["head_seq"] as? Int == 10)
        #expect(stats["customers"] as? Int == 3 && stats["skus"] as? Int == 3 && stats["orders"] as? Int == 6)
        #expect((stats["checkpoints"] as! [String: Int]).values.allSatisfy { $0 == 10 })
    }

    @Test func csvHasAHeaderAndOneRowPerCurrency() throws {
        let result = try OrdersBinary.run(["customers", "--store", store, "--format", "csv"])
        #expect(
            result.standardOutput
                == "customer_id,orders,open_orders,cancelled,currency,net\r\nC-1,3,2,1,EUR,0\r\nC-1,3,2,1,USD,100\r\n"
                + "C-2,1,1,0,EUR,600\r\nC-3,2,2,0,EUR,0\r\n")
    }

    @Test func skuCSVHasOneRowPerCurrency() throws {
        let result = try OrdersBinary.run(["skus", "--store", store, "--format", "csv"])
        #expect(
            result.standardOutput
                == "sku,units_ordered,units_cancelled,currency,revenue\r\nX,6,1,EUR,500\r\nY,5,0,EUR,200\r\nY,5,0,USD,300\r\n"
                + "Z,4,0,EUR,400\r\n")
    }

    @Test func aQueryOfAMissingStoreFailsWithOneLine() throws {
        let result = try OrdersBinary.run(["stats", "--store", directory.path + "/absent"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("orders: error: no store at"))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/absent"))
    }

    @Test func queriesNeverChangeTheStoreData() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: store + "/data.mdb"))
        for query in [["list"], ["show", "b"], ["customers"], ["revenue"], ["skus"], ["stats"]] {
            _ = try OrdersBinary.run(query + ["--store", store])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store + "/data.mdb")) == before)
    }

    @Test func everyVerbHasAnExampleInItsHelp() throws {
        for verb in ["import", "list", "show", "customers", "revenue", "skus", "stats"] {
            let result = try OrdersBinary.run([verb, "--help"])
            #expect(result.standardOutput.contains("Examples:"), "\(verb)")
        }
        let root = try OrdersBinary.run(["--help"]).standardOutput
        let order = ["import", "list", "show", "customers", "revenue", "skus", "stats"].map {
            root.range(of: "  \($0) ")!.lowerBound
        }
        #expect(order == order.sorted())
    }

    @Test func noHelpShowsABackslashOfItsSourceText() throws {
        let root = try OrdersBinary.run(["--help"]).standardOutput
        // The verbs listed under SUBCOMMANDS: a lower-case word indented by two spaces.
        let listed = root.components(separatedBy: "SUBCOMMANDS:")[1].split(separator: "\n").compactMap { line in
            line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
        }.filter { $0.first?.isLowercase == true }
        #expect(listed.contains("rejects") && listed.contains("import") && listed.count >= 15, "\(listed)")
        #expect(!root.contains("\\"))
        for verb in listed {
            let help = try OrdersBinary.run([verb, "--help"]).standardOutput
            #expect(!help.contains("\\"), "\(verb)")
        }
    }
}
