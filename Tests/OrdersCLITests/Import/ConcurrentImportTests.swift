import Foundation
import LedgerDomain
import LedgerStore
import TestSupport
import Testing

/// Two `orders import` processes at once on one store, both trying to pay the same orders in full.
struct ConcurrentImportTests {
    let directory = TemporaryDirectory()

    @Test func twoImportersAtOnceNeverBothSpendOneBalance() throws {
        let store = directory.path + "/store"
        let orders = 3_000
        var placed = "type,order_id,customer_id,currency,lines,amount,at\n"
        var paysA = "type,order_id,amount,at,carrier\n"
        var paysB = "type,order_id,amount,at,carrier\n"
        for index in 0..<orders {
            placed += "place,O-\(index),C-1,EUR,A*1@500,,2026-03-01T10:00:00Z\n"
            paysA += "pay,O-\(index),500,2026-03-01T10:01:00Z,a\n"
            paysB += "pay,O-\(index),500,2026-03-01T10:01:00Z,b\n"
        }
        _ = try OrdersBinary.run(["import", "--store", store, directory.file("placed.csv", placed)])
        let first = OrdersBinary.start(["import", "--store", store, "--format", "json", directory.file("a.csv", paysA)])
        let second = OrdersBinary.start(["import", "--store", store, "--format", "json", directory.file("b.csv", paysB)])
        first.waitUntilExit()
        second.waitUntilExit()

        let ledger = try LedgerStore(path: store, readOnly: true)
        #expect(try ledger.headSeq() == UInt64(orders * 2))
        for index in 0..<orders {
            let state = try #require(try ledger.orderState(OrderID("O-\(index)")!))
            #expect(state.paid == 500 && state.status == .paid && state.version == 2)
        }
        #expect(first.terminationStatus + second.terminationStatus >= 1, "one of them saw rejections")
    }
}
