import LedgerDomain
import Testing

@testable import LedgerStore

/// The replay's dense rows (amounts in slots by currency) against the plain rows of
/// `InMemoryReadModels`, folding the same events.
struct ReplayRowsTests {
    let service = OrderService()
    let day = Timestamp("2026-03-01T10:00:00Z")!

    /// `count` currencies: AAA, AAB, … (more than a row holds in slots when asked).
    func currencies(_ count: Int) -> [Currency] {
        (0..<count).map { index in
            let letters = [index / 676, index / 26 % 26, index % 26].map { Character(UnicodeScalar(UInt8(65 + $0))) }
            return Currency(String(letters))!
        }
    }

    /// Folds `orders` orders, each placed, paid, partly refunded, then delivered or cancelled, into
    /// both kinds of rows; order `n` is in currency `n % currencies`, its customer `n % 7` and its
    /// skus `n % 5` and `(n + 2) % 5`, so every row meets many currencies.
    func foldBoth(orders: Int, currencies: [Currency]) -> (dense: InMemoryReadModels, plain: InMemoryReadModels) {
        var dense = ReplayRows(customers: 7, skus: 5)
        var plain = InMemoryReadModels()
        for number in 0..<orders {
            let lines = [
                EventLine(sku: SKUNumber(UInt32(number % 5)), quantity: 2, unitPrice: 1250),
                EventLine(sku: SKUNumber(UInt32((number + 2) % 5)), quantity: 1, unitPrice: 500),
            ]
            var state: OrderState?
            let last: EventKind = number % 3 == 0 ? .cancelled : .delivered
            let steps: [(EventKind, Int64)] = [(.placed, 3000), (.paid, 3000), (.refunded, 100), (.shipped, 0), (last, 0)]
            for (index, (kind, amount)) in steps.enumerated() where !(last == .cancelled && kind == .shipped) {
                let event = OrderEvent(
                    kind: kind, order: OrderNumber(UInt32(number)), version: UInt32(index + 1),
                    at: Timestamp(milliseconds: day.milliseconds + Int64(number) * 3_600_000), amount: amount,
                    customer: CustomerNumber(UInt32(number % 7)), currency: currencies[number % currencies.count],
                    lines: kind == .placed ? lines : [])
                let after = service.evolve(state, event)
                ReadModelFold.apply(event, before: state, after: after, placedLines: lines, to: &dense)
                ReadModelFold.apply(event, before: state, after: after, placedLines: lines, to: &plain)
                state = after
            }
        }
        return (dense.finished(), plain)
    }

    @Test func denseRowsFoldLikePlainOnesWithAFewCurrencies() {
        let (dense, plain) = foldBoth(orders: 60, currencies: currencies(3))
        #expect(dense == plain)
        #expect(dense.customers[0].net.count == 3)
    }

    @Test func aCurrencyMetLateWidensTheRowsAlreadyFolded() {
        // Ten currencies, one new every order for the first ten: every row is laid out again ten
        // times, with amounts already in it.
        let (dense, plain) = foldBoth(orders: 200, currencies: currencies(10))
        #expect(dense == plain)
        #expect(dense.customers[0].net.count == 10)
    }

    @Test func currenciesBeyondTheSlotsOfARowAreKeptToo() {
        let many = ReplayRows.denseSlots + 9
        let (dense, plain) = foldBoth(orders: 7 * 5 * many, currencies: currencies(many))
        #expect(dense == plain)
        #expect(dense.customers[3].net.count == many)
    }
}
