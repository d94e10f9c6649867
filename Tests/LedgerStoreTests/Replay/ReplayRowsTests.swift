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
        fold(0..<orders, currencies: currencies, into: &dense, &plain)
        return (dense.finished(), plain)
    }

    /// Folds orders `numbers` (as `foldBoth` does) into `dense` and `plain`.
    func fold(
        _ numbers: some Sequence<Int>, currencies: [Currency], into dense: inout ReplayRows, _ plain: inout InMemoryReadModels
    ) {
        for number in numbers {
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
    }

    /// Folds the even orders of customers 0–3 into one set of rows and the odd orders, backwards,
    /// into another (so the two meet the currencies in different orders, and the first holds
    /// fewer customers), then merges the second into the first.
    func foldSplitAndMerge(orders: Int, currencies: [Currency]) -> (merged: InMemoryReadModels, plain: InMemoryReadModels) {
        var even = ReplayRows(customers: 7, skus: 5)
        var odd = ReplayRows(customers: 7, skus: 5)
        var plain = InMemoryReadModels()
        let evens = stride(from: 0, to: orders, by: 2).filter { $0 % 7 < 4 }
        fold(evens, currencies: currencies, into: &even, &plain)
        fold(stride(from: orders - 1, through: 0, by: -1).filter { $0 % 2 == 1 }, currencies: currencies, into: &odd, &plain)
        even.merge(odd)
        return (even.finished(), plain)
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

    @Test func rowsFoldedByTwoThreadsMergeIntoTheRowsOfOneFold() {
        let (merged, plain) = foldSplitAndMerge(orders: 200, currencies: currencies(5))
        #expect(merged == plain)
        #expect(merged.customers.count == 7 && merged.customers[0].net.count == 5)
    }

    @Test func rowsMergeAcrossCurrenciesBeyondTheSlotsOfARow() {
        let many = ReplayRows.denseSlots + 9
        let (merged, plain) = foldSplitAndMerge(orders: 7 * 5 * many * 2, currencies: currencies(many))
        #expect(merged == plain)
        #expect(merged.customers[3].net.count == many)
    }

    /// `encode` into a buffer of `size` bytes.
    func bytes(_ size: Int, _ encode: (UnsafeMutableRawBufferPointer) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            encode(UnsafeMutableRawBufferPointer(buffer))
            count = size
        }
    }

    @Test(arguments: [10, ReplayRows.denseSlots + 3])
    func rowsEncodedFromTheirSlotsAreTheBytesOfTheirReadModelRows(currencyCount: Int) {
        // Currencies met in reverse order of their codes, so slot order is not currency order.
        var rows = ReplayRows(customers: 7, skus: 5)
        var plain = InMemoryReadModels()
        fold(0..<(7 * 5 * currencyCount), currencies: Array(currencies(currencyCount).reversed()), into: &rows, &plain)
        let order = rows.slotsInCurrencyOrder
        for index in 0..<rows.customerRows {
            let expected = ReadModelCodec.encode(rows.customer(index))
            #expect(rows.encodedSize(customer: index) == expected.count)
            #expect(bytes(expected.count) { rows.encode(customer: index, order: order, into: $0) } == expected)
        }
        for index in 0..<rows.skuRows {
            let expected = ReadModelCodec.encode(rows.sku(index))
            #expect(rows.encodedSize(sku: index) == expected.count)
            #expect(bytes(expected.count) { rows.encode(sku: index, order: order, into: $0) } == expected)
        }
        #expect(rows.finished() == plain)
        #expect(plain.customers[0].net.count == currencyCount)
    }

    /// Stored rows added into rows at zero (as an import reads the rows it folds into), with
    /// amounts past `Int64`'s bounds either way and a currency held at 0, come back exactly, and
    /// the rows fold on from them as plain rows do.
    @Test(arguments: [3, ReplayRows.denseSlots + 3])
    func storedRowsAddedIntoRowsAtZeroComeBackExactlyAndFoldOn(currencyCount: Int) {
        let codes = currencies(currencyCount)
        var customer = CustomerTotals()
        customer.orders = 5
        customer.openOrders = 2
        customer.cancelled = 1
        var sku = SKUTotals()
        sku.unitsOrdered = 40
        sku.unitsCancelled = 4
        for (index, currency) in codes.enumerated() {
            let amount = Int128(Int64.max) * Int128(index) * (index % 2 == 0 ? 1 : -1)
            customer.net.add(amount, to: currency)
            sku.revenue.add(amount + 7, to: currency)
        }
        var rows = ReplayRows(customers: 0, skus: 0, hugePages: false)
        rows.add(customer, toCustomer: 3)
        rows.add(sku, toSKU: 2)
        #expect(rows.customer(3) == customer && rows.sku(2) == sku)
        #expect(rows.customer(0) == CustomerTotals() && rows.customerRows == 4 && rows.skuRows == 3)
        var plain = InMemoryReadModels()
        plain.customers = Array(repeating: CustomerTotals(), count: 7)
        plain.customers[3] = customer
        plain.skus = Array(repeating: SKUTotals(), count: 5)
        plain.skus[2] = sku
        fold(0..<(7 * 5 * currencyCount), currencies: codes.reversed(), into: &rows, &plain)
        #expect(rows.finished() == plain)
    }
}
