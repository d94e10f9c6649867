import Foundation
import TestSupport
import Testing

/// Golden outputs of every query on the two sample batches, checked by hand against SPEC §6.
struct SampleQueryTests {
    let directory = TemporaryDirectory()

    init() throws {
        _ = try OrdersBinary.run(["import", "--store", directory.path, "data/good-batch.csv", "data/bad-batch.jsonl"])
    }

    func json(_ arguments: [String]) throws -> String {
        let result = try OrdersBinary.run(arguments + ["--store", directory.path, "--format", "json"])
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        return result.standardOutput
    }

    @Test func listMatchesTheSpec() throws {
        #expect(
            try json(["list"]) == #"""
                [
                  {"order_id":"O-1001","customer_id":"C-ada","status":"delivered","currency":"EUR","total":3000,"paid":3000,"refunded":0,"line_count":2,"item_count":3,"placed_at":"2026-03-01T10:15:00.000Z","updated_at":"2026-03-04T12:30:00.000Z","version":4},
                  {"order_id":"O-1002","customer_id":"C-bob","status":"shipped","currency":"USD","total":3349,"paid":3349,"refunded":450,"line_count":2,"item_count":4,"placed_at":"2026-03-01T10:00:00.000Z","updated_at":"2026-03-05T10:00:00.000Z","version":5},
                  {"order_id":"O-1003","customer_id":"C-ada","status":"cancelled","currency":"EUR","total":1250,"paid":0,"refunded":0,"line_count":1,"item_count":1,"placed_at":"2026-03-02T14:00:00.000Z","updated_at":"2026-03-02T15:00:00.000Z","version":2},
                  {"order_id":"O-1004","customer_id":"C-cy","status":"paid","currency":"JPY","total":6000,"paid":6000,"refunded":0,"line_count":1,"item_count":4,"placed_at":"2026-03-03T09:00:00.250Z","updated_at":"2026-03-03T09:10:00.000Z","version":2},
                  {"order_id":"O-2001","customer_id":"C-dee","status":"shipped","currency":"EUR","total":1000,"paid":1000,"refunded":1000,"line_count":1,"item_count":1,"placed_at":"2026-03-01T09:00:00.000Z","updated_at":"2026-03-01T09:15:00.000Z","version":5}
                ]
                """# + "\n")
    }

    @Test func customersMatchesTheSpec() throws {
        #expect(
            try json(["customers"]) == #"""
                [
                  {"customer_id":"C-ada","orders":2,"open_orders":0,"cancelled":1,"net":{"EUR":3000}},
                  {"customer_id":"C-bob","orders":1,"open_orders":1,"cancelled":0,"net":{"USD":2899}},
                  {"customer_id":"C-cy","orders":1,"open_orders":1,"cancelled":0,"net":{"JPY":6000}},
                  {"customer_id":"C-dee","orders":1,"open_orders":1,"cancelled":0,"net":{"EUR":0}}
                ]
                """# + "\n")
    }

    @Test func revenueMatchesTheSpec() throws {
        #expect(
            try json(["revenue"]) == #"""
                [
                  {"date":"2026-03-01","currency":"EUR","orders_placed":2,"orders_cancelled":0,"gross":4000,"captured":4000,"refunded":1000,"net":3000},
                  {"date":"2026-03-01","currency":"USD","orders_placed":1,"orders_cancelled":0,"gross":3349,"captured":3349,"refunded":0,"net":3349},
                  {"date":"2026-03-02","currency":"EUR","orders_placed":1,"orders_cancelled":1,"gross":1250,"captured":0,"refunded":0,"net":0},
                  {"date":"2026-03-03","currency":"JPY","orders_placed":1,"orders_cancelled":0,"gross":6000,"captured":6000,"refunded":0,"net":6000},
                  {"date":"2026-03-05","currency":"USD","orders_placed":0,"orders_cancelled":0,"gross":0,"captured":0,"refunded":450,"net":-450}
                ]
                """# + "\n")
    }

    @Test func skusMatchesTheSpec() throws {
        #expect(
            try json(["skus"]) == #"""
                [
                  {"sku":"A-1","units_ordered":4,"units_cancelled":1,"revenue":{"EUR":3500}},
                  {"sku":"B-7","units_ordered":4,"units_cancelled":0,"revenue":{"EUR":500,"USD":1350}},
                  {"sku":"C-9","units_ordered":1,"units_cancelled":0,"revenue":{"USD":1999}},
                  {"sku":"D-2","units_ordered":4,"units_cancelled":0,"revenue":{"JPY":6000}}
                ]
                """# + "\n")
    }

    @Test func statsMatchesTheSpec() throws {
        #expect(
            try json(["stats"]) == #"""
                {"events":18,"orders":5,"customers":4,"skus":4,"head_seq":18,"by_status":{"placed":0,"partially_paid":0,"paid":1,"shipped":2,"delivered":1,"cancelled":1},"checkpoints":{"orders":18,"customers":18,"revenue":18,"skus":18,"stats":18},"chain":{"seq":18,"digest":"3be63d83b68b7ec83db2da08ef12c0af7589ccf7e1e095ce07dfabf5255f67ba"}}
                """# + "\n")
    }

    @Test func showO1002MatchesTheSpec() throws {
        #expect(
            try json(["show", "O-1002"]) == #"""
                {"order_id":"O-1002","customer_id":"C-bob","status":"shipped","currency":"USD","total":3349,"paid":3349,"refunded":450,"line_count":2,"item_count":4,"placed_at":"2026-03-01T10:00:00.000Z","updated_at":"2026-03-05T10:00:00.000Z","version":5,"lines":[{"sku":"B-7","qty":3,"unit_price":450},{"sku":"C-9","qty":1,"unit_price":1999}],"history":[{"seq":5,"version":1,"type":"placed","at":"2026-03-01T10:00:00.000Z"},{"seq":6,"version":2,"type":"paid","at":"2026-03-01T11:05:00.000Z","amount":1000},{"seq":7,"version":3,"type":"paid","at":"2026-03-01T11:06:00.000Z","amount":2349},{"seq":8,"version":4,"type":"shipped","at":"2026-03-02T09:00:00.000Z","carrier":"UPS, ground"},{"seq":9,"version":5,"type":"refunded","at":"2026-03-05T10:00:00.000Z","amount":450}]}
                """# + "\n")
    }

    @Test func showO2001MatchesTheSpec() throws {
        #expect(
            try json(["show", "O-2001"]) == #"""
                {"order_id":"O-2001","customer_id":"C-dee","status":"shipped","currency":"EUR","total":1000,"paid":1000,"refunded":1000,"line_count":1,"item_count":1,"placed_at":"2026-03-01T09:00:00.000Z","updated_at":"2026-03-01T09:15:00.000Z","version":5,"lines":[{"sku":"A-1","qty":1,"unit_price":1000}],"history":[{"seq":14,"version":1,"type":"placed","at":"2026-03-01T09:00:00.000Z"},{"seq":15,"version":2,"type":"paid","at":"2026-03-01T09:05:00.000Z","amount":400},{"seq":16,"version":3,"type":"paid","at":"2026-03-01T09:12:00.000Z","amount":600},{"seq":17,"version":4,"type":"shipped","at":"2026-03-01T09:13:00.000Z"},{"seq":18,"version":5,"type":"refunded","at":"2026-03-01T09:15:00.000Z","amount":1000}]}
                """# + "\n")
    }
}
