import LedgerDomain
import LedgerServices
import Testing

@testable import LedgerStore

/// SPEC §11: `diff` by seq and by time against the hand-computed `ProvenanceLedger`, with orders
/// placed before and inside the range.
struct DiffTests {
    static func counts(_ change: LedgerChange) -> [Int] { EventKind.allCases.map { change.byType[$0] ?? -1 } }

    static func money(_ gross: Int128, _ captured: Int128, _ refunded: Int128) -> MoneyMoved {
        var moved = MoneyMoved()
        moved.gross = gross
        moved.captured = captured
        moved.refunded = refunded
        return moved
    }

    @Test func aDiffBySeqCountsTheEventsAfterItsStartUpToItsEnd() throws {
        let ledger = try ProvenanceLedger()
        let change = try ledger.store.diff(from: .seq(2), to: .seq(5))
        #expect(change.from == .seq(2) && change.to == .seq(5))
        #expect(change.events == 3)
        // placed, paid, shipped, delivered, cancelled, refunded
        #expect(Self.counts(change) == [0, 1, 1, 0, 1, 0])
        #expect(change.money == [Currency("EUR")!: Self.money(0, 2000, 0), Currency("USD")!: Self.money(0, 0, 0)])
        #expect(
            change.orders == [
                OrderChange(
                    orderID: "O-1", statusBefore: .placed, statusAfter: .shipped, currency: Currency("EUR")!, events: 2,
                    paid: 2000, refunded: 0),
                OrderChange(
                    orderID: "O-2", statusBefore: .placed, statusAfter: .cancelled, currency: Currency("USD")!, events: 1,
                    paid: 0, refunded: 0),
            ])
    }

    @Test func aDiffByTimeTakesTheEventsAfterItsStartUpToItsEndWhateverTheirSeqs() throws {
        let ledger = try ProvenanceLedger()
        let from = Timestamp("2026-03-01T10:05:00Z")!
        let to = Timestamp("2026-03-02T09:00:00Z")!
        let change = try ledger.store.diff(from: .time(from), to: .time(to))
        #expect(change.events == 4)
        #expect(Self.counts(change) == [1, 0, 1, 1, 1, 0])
        #expect(change.money == [Currency("EUR")!: Self.money(700, 0, 0), Currency("USD")!: Self.money(0, 0, 0)])
        #expect(change.orders.map(\.orderID) == ["O-1", "O-2", "O-3"])
        #expect(change.orders.map(\.statusBefore) == [.paid, .placed, nil])
        #expect(change.orders.map(\.statusAfter) == [.delivered, .cancelled, .placed])
        #expect(change.orders.map(\.events) == [2, 1, 1])
    }

    @Test func withoutAnEndTheRangeRunsToTheHeadAndAnEmptyRangeIsAnEmptyDiff() throws {
        let ledger = try ProvenanceLedger()
        let tail = try ledger.store.diff(from: .seq(5), to: nil)
        #expect(tail.to == .seq(7) && tail.events == 2)
        #expect(tail.orders.map(\.orderID) == ["O-1", "O-3"])
        let whole = try ledger.store.diff(from: .time(Timestamp("2026-03-01T00:00:00Z")!), to: nil)
        #expect(whole.events == 7 && whole.to == .seq(7))
        #expect(whole.orders.allSatisfy { $0.statusBefore == nil })
        let empty = try ledger.store.diff(from: .seq(4), to: .seq(4))
        #expect(empty.events == 0 && empty.orders.isEmpty && empty.money.isEmpty)
        #expect(Self.counts(empty) == [0, 0, 0, 0, 0, 0])
    }

    @Test func aRangeBackwardsPastTheHeadOrOfTwoKindsIsRefused() throws {
        let ledger = try ProvenanceLedger()
        let time = Timestamp("2026-03-01T00:00:00Z")!
        #expect(throws: DiffRangeError("--from 5 is after --to 3")) { try ledger.store.diff(from: .seq(5), to: .seq(3)) }
        #expect(throws: DiffRangeError("--from 8 is past the log's head (seq 7)")) {
            try ledger.store.diff(from: .seq(8), to: nil)
        }
        #expect(throws: DiffRangeError("--to 9 is past the log's head (seq 7)")) {
            try ledger.store.diff(from: .seq(1), to: .seq(9))
        }
        #expect(throws: DiffRangeError("--from and --to must both be seqs or both be times")) {
            try ledger.store.diff(from: .seq(1), to: .time(time))
        }
    }
}
