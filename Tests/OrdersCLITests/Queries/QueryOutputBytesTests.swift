import TestSupport
import Testing

/// The exact bytes of the tables, JSON and CSV that `customers`, `revenue`, `skus` and `list` print
/// for a small batch with currencies of 0, 2 and 3 decimals, amounts under one unit, a negative
/// net and an id wider than its header: the streaming writers and the money text must keep them.
struct QueryOutputBytesTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    static let batch = [
        #"{"type":"place","order_id":"O-1","customer_id":"C-ada","currency":"EUR","lines":[{"sku":"S-1","qty":1,"unit_price":5}],"at":"2026-03-01T10:00:00Z"}"#,
        #"{"type":"pay","order_id":"O-1","amount":5,"at":"2026-03-01T10:01:00Z"}"#,
        #"{"type":"place","order_id":"O-2","customer_id":"C-ada","currency":"KWD","lines":[{"sku":"S-2","qty":3,"unit_price":1005}],"at":"2026-03-01T11:00:00Z"}"#,
        #"{"type":"pay","order_id":"O-2","amount":3015,"at":"2026-03-01T11:01:00Z"}"#,
        #"{"type":"refund","order_id":"O-2","amount":3010,"at":"2026-03-02T09:00:00Z"}"#,
        #"{"type":"place","order_id":"O-3","customer_id":"C-a-customer-with-a-long-identifier.v2:x_y","currency":"JPY","lines":[{"sku":"S-1","qty":2,"unit_price":1250}],"at":"2026-03-01T12:00:00Z"}"#,
        #"{"type":"pay","order_id":"O-3","amount":2500,"at":"2026-03-01T12:05:00Z"}"#,
        #"{"type":"place","order_id":"O-4","customer_id":"C-bo","currency":"USD","lines":[{"sku":"S-3","qty":1,"unit_price":123456789}],"at":"2026-03-02T08:00:00Z"}"#,
        #"{"type":"cancel","order_id":"O-4","reason":"changed mind","at":"2026-03-02T08:30:00Z"}"#,
        #"{"type":"place","order_id":"O-5","customer_id":"C-bo","currency":"EUR","lines":[{"sku":"S-1","qty":4,"unit_price":2500}],"at":"2026-03-02T09:00:00Z"}"#,
        #"{"type":"pay","order_id":"O-5","amount":10000,"at":"2026-03-02T09:10:00Z"}"#,
        #"{"type":"ship","order_id":"O-5","carrier":"DHL","at":"2026-03-02T10:00:00Z"}"#,
        #"{"type":"refund","order_id":"O-5","amount":2550,"at":"2026-03-03T10:00:00Z"}"#,
        #"{"type":"place","order_id":"O-6","customer_id":"C-cy","currency":"BHD","lines":[{"sku":"S-2","qty":1,"unit_price":70}],"at":"2026-03-03T09:00:00Z"}"#,
        #"{"type":"refund","order_id":"O-5","amount":5,"at":"2026-03-04T10:00:00Z"}"#,
    ]

    init() throws {
        directory.file("batch.jsonl", Self.batch.joined(separator: "\n") + "\n")
        _ = try OrdersBinary.run(["import", "--store", store, "batch.jsonl"], in: directory.path)
    }

    func output(_ arguments: [String]) throws -> String {
        let result = try OrdersBinary.run(arguments + ["--store", store])
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        return result.standardOutput
    }

    @Test func customersTableIsAlignedWithMoneyInEachCurrencysDecimals() throws {
        #expect(
            try output(["customers"])
                == #"""
                CUSTOMER                                    ORDERS  OPEN  CANCELLED  NET
                C-a-customer-with-a-long-identifier.v2:x_y       1     1          0  JPY 2,500
                C-ada                                            2     2          0  EUR 0.05, KWD 3.015
                C-bo                                             2     1          1  EUR 74.45, USD 0.00
                C-cy                                             1     1          0  BHD 0.000
                4 customers
                """# + "\n")
    }

    @Test func customersTableAsOfASeqShowsOnlyTheCustomersThen() throws {
        #expect(
            try output(["customers", "--as-of", "6"])
                == #"""
                CUSTOMER                                    ORDERS  OPEN  CANCELLED  NET
                C-a-customer-with-a-long-identifier.v2:x_y       1     1          0  JPY 2,500
                C-ada                                            2     2          0  EUR 0.05, KWD 3.015
                2 customers
                """# + "\n")
    }

    @Test func customersJSONIsOneObjectPerLine() throws {
        #expect(
            try output(["customers", "--format", "json"])
                == #"""
                [
                  {"customer_id":"C-a-customer-with-a-long-identifier.v2:x_y","orders":1,"open_orders":1,"cancelled":0,"net":{"JPY":2500}},
                  {"customer_id":"C-ada","orders":2,"open_orders":2,"cancelled":0,"net":{"EUR":5,"KWD":3015}},
                  {"customer_id":"C-bo","orders":2,"open_orders":1,"cancelled":1,"net":{"EUR":7445,"USD":0}},
                  {"customer_id":"C-cy","orders":1,"open_orders":1,"cancelled":0,"net":{"BHD":0}}
                ]
                """# + "\n")
    }

    @Test func customersCSVHasARowPerCurrency() throws {
        #expect(
            try output(["customers", "--format", "csv"])
                == [
                    "customer_id,orders,open_orders,cancelled,currency,net",
                    "C-a-customer-with-a-long-identifier.v2:x_y,1,1,0,JPY,2500",
                    "C-ada,2,2,0,EUR,5",
                    "C-ada,2,2,0,KWD,3015",
                    "C-bo,2,1,1,EUR,7445",
                    "C-bo,2,1,1,USD,0",
                    "C-cy,1,1,0,BHD,0",
                ].map { $0 + "\r\n" }.joined())
    }

    @Test func revenueTableShowsNegativeAndSubUnitAmounts() throws {
        #expect(
            try output(["revenue"])
                == #"""
                DATE        CURRENCY  PLACED  CANCELLED         GROSS  CAPTURED  REFUNDED     NET
                2026-03-01  EUR            1          0          0.05      0.05      0.00    0.05
                2026-03-01  JPY            1          0         2,500     2,500         0   2,500
                2026-03-01  KWD            1          0         3.015     3.015     0.000   3.015
                2026-03-02  EUR            1          0        100.00    100.00      0.00  100.00
                2026-03-02  USD            1          1  1,234,567.89      0.00      0.00    0.00
                2026-03-03  BHD            1          0         0.070     0.000     0.000   0.000
                2026-03-03  EUR            0          0          0.00      0.00     25.50  -25.50
                2026-03-04  EUR            0          0          0.00      0.00      0.05   -0.05
                total       BHD            1          0         0.070     0.000     0.000   0.000
                total       EUR            2          0        100.05    100.05     25.55   74.50
                total       JPY            1          0         2,500     2,500         0   2,500
                total       KWD            1          0         3.015     3.015     0.000   3.015
                total       USD            1          1  1,234,567.89      0.00      0.00    0.00
                """# + "\n")
    }

    @Test func skusTableListsRevenuePerCurrency() throws {
        #expect(
            try output(["skus"])
                == #"""
                SKU  ORDERED  CANCELLED  NET UNITS  REVENUE
                S-1        7          0          7  EUR 100.05, JPY 2,500
                S-2        4          0          4  BHD 0.070, KWD 3.015
                S-3        1          1          0  USD 0.00
                """# + "\n")
    }

    @Test func skusCSVHasARowPerCurrency() throws {
        #expect(
            try output(["skus", "--format", "csv"])
                == [
                    "sku,units_ordered,units_cancelled,currency,revenue",
                    "S-1,7,0,EUR,10005",
                    "S-1,7,0,JPY,2500",
                    "S-2,4,0,BHD,70",
                    "S-2,4,0,KWD,3015",
                    "S-3,1,1,USD,0",
                ].map { $0 + "\r\n" }.joined())
    }

    @Test func listTableShowsMoneyWithTheCurrencysDecimals() throws {
        #expect(
            try output(["list"])
                == #"""
                ORDER  CUSTOMER                                    STATUS                TOTAL    PAID  REFUNDED  ITEMS  UPDATED
                O-1    C-ada                                       paid               EUR 0.05    0.05      0.00      1  2026-03-01T10:01:00.000Z
                O-2    C-ada                                       paid              KWD 3.015   3.015     0.000      3  2026-03-01T11:01:00.000Z
                O-3    C-a-customer-with-a-long-identifier.v2:x_y  paid              JPY 2,500   2,500         0      2  2026-03-01T12:05:00.000Z
                O-4    C-bo                                        cancelled  USD 1,234,567.89    0.00      0.00      1  2026-03-02T08:30:00.000Z
                O-5    C-bo                                        shipped          EUR 100.00  100.00     25.55      4  2026-03-04T10:00:00.000Z
                O-6    C-cy                                        placed            BHD 0.070   0.000     0.000      1  2026-03-03T09:00:00.000Z
                6 orders
                """# + "\n")
    }
}
