import LedgerDomain
import LedgerServices
import TestSupport
import Testing

/// The import's rules for one command, run against the in-memory event log (no LMDB).
struct CommandApplicationTests {
    let start = Timestamp("2026-03-01T10:00:00Z")!

    func command(_ order: String, _ action: CommandAction, minute: Int64 = 0, id: String? = nil) -> Command {
        Command(
            commandID: id.map { CommandID($0)! }, orderID: OrderID(order)!,
            at: Timestamp(milliseconds: start.milliseconds + minute * 60_000), action: action)
    }

    func place(_ order: String, customer: String, skus: [String], id: String? = nil) -> Command {
        let lines = skus.map { OrderLine(sku: SKU($0)!, quantity: 2, unitPrice: 500) }
        let placement = PlaceOrder(customer: CustomerID(customer)!, currency: Currency("EUR")!, lines: lines)!
        return command(order, .place(placement), id: id)
    }

    @Test func placedOrdersGetDenseNumbersAndNameTheIdsTheyUseFirst() throws {
        var log = InMemoryEventLog()
        let outcomes = try log.apply([
            place("O-1", customer: "C-1", skus: ["A", "B"]),
            place("O-2", customer: "C-1", skus: ["B", "C"]),
        ])
        #expect(outcomes == [.accepted, .accepted])
        #expect(log.events.map(\.order) == [OrderNumber(0), OrderNumber(1)])
        #expect(log.events.map(\.customer) == [CustomerNumber(0), CustomerNumber(0)])
        #expect(log.events[1].lines.map(\.sku) == [SKUNumber(1), SKUNumber(2)])
        #expect(log.namedFirst == [["O-1", "C-1", "A", "B"], ["O-2", "C"]])
        #expect(log.customerIDs.map(\.rawValue) == ["C-1"])
    }

    @Test func eventsAreTheOrdersNextVersionAndKeepTheCommandsNote() throws {
        var log = InMemoryEventLog()
        _ = try log.apply([
            place("O-1", customer: "C-1", skus: ["A"]),
            command("O-1", .pay(amount: 1000), minute: 1),
            command("O-1", .ship(carrier: "DHL"), minute: 2),
        ])
        #expect(log.events.map(\.version) == [1, 2, 3])
        #expect(log.events.map(\.kind) == [.placed, .paid, .shipped])
        #expect(log.events.map(\.note) == [nil, nil, "DHL"])
        #expect(log.orders[OrderID("O-1")!]?.state.status == .shipped)
        #expect(log.orders[OrderID("O-1")!]?.lastSeq == 3)
    }

    @Test func aRepeatedCommandIDIsADuplicateAndAppendsNothing() throws {
        var log = InMemoryEventLog()
        let outcomes = try log.apply([
            place("O-1", customer: "C-1", skus: ["A"], id: "K-1"),
            place("O-2", customer: "C-2", skus: ["A"], id: "K-1"),
        ])
        #expect(outcomes == [.accepted, .duplicate])
        #expect(log.events.count == 1)
        #expect(log.orders[OrderID("O-2")!] == nil)
    }

    @Test func aRejectedCommandGivesItsIDBackAndChangesNothing() throws {
        var log = InMemoryEventLog()
        let outcomes = try log.apply([
            place("O-1", customer: "C-1", skus: ["A"]),
            command("O-1", .pay(amount: 5000), minute: 1, id: "K-1"),
            command("O-1", .pay(amount: 1000), minute: 2, id: "K-1"),
        ])
        guard case .rejected(let rejection) = outcomes[1] else {
            Issue.record("an overpayment was not rejected: \(outcomes[1])")
            return
        }
        #expect(rejection.code == .overpayment)
        #expect(outcomes[2] == .accepted)
        #expect(log.events.map(\.kind) == [.placed, .paid])
        #expect(log.orders[OrderID("O-1")!]?.state.paid == 1000)
    }

    @Test func anUnknownOrderIsRejectedWithoutDefiningAnything() throws {
        var log = InMemoryEventLog()
        let outcomes = try log.apply([command("O-9", .deliver)])
        guard case .rejected(let rejection) = outcomes[0] else {
            Issue.record("a command for a missing order was not rejected: \(outcomes[0])")
            return
        }
        #expect(rejection.code == .unknownOrder)
        #expect(log.events.isEmpty)
        #expect(log.orderIDs.isEmpty)
    }

    @Test func aCancellationFoldsThePlacedLinesOutOfTheReadModels() throws {
        var log = InMemoryEventLog()
        _ = try log.apply([
            place("O-1", customer: "C-1", skus: ["A", "B"]),
            command("O-1", .pay(amount: 2000), minute: 1),
            command("O-1", .cancel(reason: "changed my mind"), minute: 2),
        ])
        let customer = log.rows.customers[0]
        #expect(customer.orders == 1)
        #expect(customer.openOrders == 0)
        #expect(customer.cancelled == 1)
        #expect(log.rows.skus.map(\.unitsCancelled) == [2, 2])
        #expect(log.rows.statusCounts[.cancelled] == 1)
        #expect(log.events.last?.amount == 2000)
        #expect(log.events.last?.note == "changed my mind")
    }
}
