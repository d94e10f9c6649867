import LedgerDomain
import Testing

@testable import LedgerStore

/// The replay's rows with their changes folded in batches, in row order, against the same
/// changes folded one by one as they come.
struct StagedRowsTests {
    /// `count` currencies: AAA, AAB, ….
    func currencies(_ count: Int) -> [Currency] {
        (0..<count).map { index in
            let letters = [index / 676, index / 26 % 26, index % 26].map { Character(UnicodeScalar(UInt8(65 + $0))) }
            return Currency(String(letters))!
        }
    }

    @Test func changesFoldedInBatchesInRowOrderGiveTheRowsOfChangesFoldedAsTheyCome() {
        var generator = SystemRandomNumberGenerator()
        let currencies = currencies(ReplayRows.denseSlots + 4)
        var direct = ReplayRows(customers: 3_000, skus: 1_000)
        var staged = StagedRows(ReplayRows(customers: 3_000, skus: 1_000))
        // More changes than a batch holds (the last batch partly filled), rows past the ones
        // expected, currencies past a row's slots, and counts too wide to be staged.
        let changes = 2 * StagedRows.batchSize + 1_234
        for change in 0..<changes {
            let currency = currencies.randomElement(using: &generator)!
            let customer = CustomerNumber(UInt32.random(in: 0..<3_500, using: &generator))
            let orders: Int64 = change % 997 == 0 ? 300 : Int64.random(in: -1...1, using: &generator)
            let net = Int64.random(in: -50_000...50_000, using: &generator)
            let noCurrency = change % 5 == 0
            direct.addToCustomer(
                customer, orders: orders, openOrders: -orders, cancelled: 1, net: net, in: noCurrency ? nil : currency)
            staged.addToCustomer(
                customer, orders: orders, openOrders: -orders, cancelled: 1, net: net, in: noCurrency ? nil : currency)
            let sku = SKUNumber(UInt32.random(in: 0..<1_200, using: &generator))
            let units: Int64 = change % 1_001 == 0 ? 5_000_000_000 : Int64.random(in: 0...40, using: &generator)
            direct.addToSKU(sku, unitsOrdered: units, unitsCancelled: units / 2, revenue: net, in: currency)
            staged.addToSKU(sku, unitsOrdered: units, unitsCancelled: units / 2, revenue: net, in: currency)
            let key = RevenueKey(day: Int64(change % 30), currency: currency)
            direct.revenue(key) { $0.gross += Int128(net) }
            staged.revenue(key) { $0.gross += Int128(net) }
        }
        let folded = staged.finish()
        #expect(folded.customerRows == direct.customerRows && folded.skuRows == direct.skuRows)
        #expect(folded.finished() == direct.finished())
    }
}
