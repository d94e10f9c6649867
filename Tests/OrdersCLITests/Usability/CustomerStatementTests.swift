import Foundation
import TestSupport
import Testing

/// `orders customer ID`: totals per currency, orders by status and the latest orders, as a
/// table, JSON or CSV, also `--as-of` a past moment.
struct CustomerStatementTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    static let batch = """
        type,order_id,customer_id,currency,lines,amount,at,carrier
        place,O-1,C-ada,EUR,A*2@1000,,2026-03-01T10:00:00Z,
        place,O-2,C-ada,EUR,B*1@500000,,2026-03-02T10:00:00Z,
        place,O-3,C-ada,JPY,C*3@1000,,2026-03-03T10:00:00Z,
        place,O-4,C-bo,EUR,A*1@1000,,2026-03-03T11:00:00Z,
        pay,O-1,,,,2000,2026-03-04T10:00:00Z,
        ship,O-1,,,,,2026-03-04T12:00:00Z,DHL
        refund,O-1,,,,500,2026-03-05T10:00:00Z,
        cancel,O-3,,,,,2026-03-05T11:00:00Z,

        """

    init() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, directory.file("b.csv", Self.batch)]).status == 0)
    }

    func run(_ arguments: [String]) throws -> OrdersBinary.Output {
        try OrdersBinary.run(["customer", "--store", store] + arguments)
    }

    @Test func theTableShowsMoneyPerCurrencyStatusesAndRecentOrders() throws {
        let result = try run(["C-ada", "--recent", "2"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Customer C-ada: 3 orders, 2 open, 1 cancelled; placed 2026-03-01 to 2026-03-03")
        #expect(lines.contains("EUR            2  5,020.00  20.00      5.00  15.00"))
        #expect(lines.contains("JPY            1     3,000      0         0      0"))
        #expect(lines.contains { $0.hasPrefix("cancelled") && $0.hasSuffix("1") })
        let recent = lines.drop { !$0.hasPrefix("Recent orders") }.dropFirst(2).prefix(2)
        #expect(recent.map { String($0.prefix(3)) } == ["O-3", "O-2"])
        #expect(lines.contains("2 of 3 orders (--recent 0 for all)"))
    }

    @Test func jsonAndCSVCarryExactAmounts() throws {
        let json = try run(["C-ada", "--format", "json", "--recent", "1"])
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        #expect(object["orders"] as? Int == 3 && object["open_orders"] as? Int == 2 && object["cancelled"] as? Int == 1)
        let currencies = object["currencies"] as! [[String: Any]]
        #expect(currencies.map { $0["currency"] as! String } == ["EUR", "JPY"])
        #expect(currencies[0]["total"] as? Int == 502000 && currencies[0]["net"] as? Int == 1500)
        #expect((object["by_status"] as! [String: Int]).count == 6)
        #expect((object["recent"] as! [[String: Any]]).map { $0["order_id"] as! String } == ["O-3"])
        let csv = try run(["C-ada", "--format", "csv"]).standardOutput
        #expect(
            csv == "customer_id,currency,orders,total,paid,refunded,net\r\nC-ada,EUR,2,502000,2000,500,1500\r\n"
                + "C-ada,JPY,1,3000,0,0,0\r\n")
    }

    @Test func asOfAndUnknownCustomers() throws {
        let then = try run(["C-ada", "--as-of", "2", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(then.standardOutput.utf8)) as! [String: Any]
        #expect(object["orders"] as? Int == 2)
        let missing = try run(["C-nobody"])
        #expect(missing.status == 1)
        #expect(
            missing.standardError
                == "orders: error: no customer C-nobody in this store; orders customers lists the ids there are\n")
    }
}
