import Foundation
import TestSupport
import Testing

/// Sums past 64 bits (SPEC §10): 40,000 orders of the largest total, for one customer, one day
/// and one sku, give sums of 4 × 10^19 and -10^19, which the import, the queries, `--as-of`,
/// `rebuild` and `verify` must all hold exactly.
struct ExactSumsTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    /// The largest order total, as one line of 1,000 units at 10^12.
    static let total = "1000000000000000"
    static let orders = 40_000

    /// Places every order and pays the first 30,000 (day one); then cancels the last 10,000 (day
    /// one), and ships and refunds in full the first 10,000 (day two).
    func writeBatches() -> (String, String) {
        var first = "type,order_id,customer_id,currency,lines,amount,at\n"
        var second = first
        for order in 1...Self.orders {
            first += "place,O-\(order),C-big,EUR,S-big*1000@1000000000000,,2026-03-01T10:00:00Z\n"
        }
        for order in 1...30_000 { first += "pay,O-\(order),,,,\(Self.total),2026-03-01T11:00:00Z\n" }
        for order in 30_001...Self.orders { second += "cancel,O-\(order),,,,,2026-03-01T12:00:00Z\n" }
        for order in 1...10_000 {
            second += "ship,O-\(order),,,,,2026-03-02T09:00:00Z\n"
            second += "refund,O-\(order),,,,\(Self.total),2026-03-02T10:00:00Z\n"
        }
        return (directory.file("first.csv", first), directory.file("second.csv", second))
    }

    func run(_ arguments: [String], status: Int32 = 0) throws -> String {
        let result = try OrdersBinary.run(arguments + ["--store", store])
        #expect(result.status == status, "\(arguments): \(result.standardError)")
        return result.standardOutput
    }

    static let customers = #"""
        [
          {"customer_id":"C-big","orders":40000,"open_orders":30000,"cancelled":10000,"net":{"EUR":20000000000000000000}}
        ]

        """#
    static let revenue = #"""
        [
          {"date":"2026-03-01","currency":"EUR","orders_placed":40000,"orders_cancelled":10000,"gross":40000000000000000000,"captured":30000000000000000000,"refunded":0,"net":30000000000000000000},
          {"date":"2026-03-02","currency":"EUR","orders_placed":0,"orders_cancelled":0,"gross":0,"captured":0,"refunded":10000000000000000000,"net":-10000000000000000000}
        ]

        """#
    static let skus = #"""
        [
          {"sku":"S-big","units_ordered":40000000,"units_cancelled":10000000,"revenue":{"EUR":30000000000000000000}}
        ]

        """#

    func expectExactQueries(_ extra: [String] = []) throws {
        #expect(try run(["customers", "--format", "json"] + extra) == Self.customers)
        #expect(try run(["revenue", "--format", "json"] + extra) == Self.revenue)
        #expect(try run(["skus", "--format", "json"] + extra) == Self.skus)
    }

    @Test func importQueriesRebuildAndVerifyAgreeOnSumsPast64Bits() throws {
        let (first, second) = writeBatches()
        _ = try run(["import", first])
        _ = try run(["import", second])
        try expectExactQueries()
        try expectExactQueries(["--as-of", "100000"])
        _ = try run(["verify"])
        _ = try run(["rebuild"])
        try expectExactQueries()
        _ = try run(["verify"])
    }

    @Test func tablesAndCSVPrintEveryDigit() throws {
        let (first, second) = writeBatches()
        _ = try run(["import", first])
        _ = try run(["import", second])
        let csv = try run(["revenue", "--format", "csv"])
        #expect(csv.contains("2026-03-02,EUR,0,0,0,0,10000000000000000000,-10000000000000000000"))
        #expect(try run(["customers", "--format", "csv"]).contains("20000000000000000000"))
        #expect(try run(["revenue"]).contains("-100,000,000,000,000,000.00"))
        #expect(try run(["customers"]).contains("EUR 200,000,000,000,000,000.00"))
        #expect(try run(["skus"]).contains("300,000,000,000,000,000.00"))
    }
}
