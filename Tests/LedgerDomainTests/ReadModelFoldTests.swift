import LedgerDomain
import Testing

struct ReadModelFoldTests {
    let service = OrderService()
    let eur = Currency("EUR")!
    let day = Timestamp("2026-03-01T10:00:00Z")!

    /// Folds `kinds` (with amounts) for one order of two lines into fresh read models.
    func fold(_ steps: [(EventKind, Int64)]) -> InMemoryReadModels {
        var rows = InMemoryReadModels()
        var state: OrderState?
        var placedLines: [EventLine] = []
        for (index, (kind, amount)) in steps.enumerated() {
            let lines =
                kind == .placed
                ? [
                    EventLine(sku: SKUNumber(0), quantity: 2, unitPrice: 1250),
                    EventLine(sku: SKUNumber(1), quantity: 1, unitPrice: 500),
                ]
                : []
            if kind == .placed { placedLines = lines }
            let event = OrderEvent(
                kind: kind, order: OrderNumber(0), version: UInt32(index + 1),
                at: Timestamp(milliseconds: day.milliseconds + Int64(index) * 86_400_000), amount: amount,
                customer: CustomerNumber(0), currency: eur, lines: lines)
            let after = service.evolve(state, event)
            ReadModelFold.apply(event, before: state, after: after, placedLines: placedLines, to: &rows)
            state = after
        }
        return rows
    }

    @Test func aPlacedOrderCountsForItsCustomerDayAndSkusWithZeroNet() {
        let rows = fold([(.placed, 3000)])
        #expect(rows.customers[0].orders == 1 && rows.customers[0].openOrders == 1)
        #expect(rows.customers[0].net == CurrencyAmounts([(eur, 0)]))
        #expect(rows.revenue[RevenueKey(day: day.day, currency: eur)]?.gross == 3000)
        #expect(rows.skus[0].unitsOrdered == 2 && rows.skus[0].revenue[eur] == 2500)
        #expect(rows.statusCounts[.placed] == 1)
    }

    @Test func aCancelRefundsTheCustomerAndTakesTheSkusRevenueBack() {
        let rows = fold([(.placed, 3000), (.paid, 1000), (.cancelled, 1000)])
        #expect(rows.customers[0].cancelled == 1 && rows.customers[0].openOrders == 0)
        #expect(rows.customers[0].net[eur] == 0)
        #expect(rows.skus[0].unitsCancelled == 2 && rows.skus[0].revenue == CurrencyAmounts([(eur, 0)]))
        let cancelDay = RevenueKey(day: day.day + 2, currency: eur)
        #expect(rows.revenue[cancelDay]?.ordersCancelled == 1 && rows.revenue[cancelDay]?.refunded == 1000)
        #expect(rows.statusCounts[.cancelled] == 1 && rows.statusCounts[.placed] == 0 && rows.statusCounts[.partiallyPaid] == 0)
    }

    @Test func deliveryClosesTheOrderAndShipmentsMakeNoRevenueRow() {
        let rows = fold([(.placed, 3000), (.paid, 3000), (.shipped, 0), (.delivered, 0), (.refunded, 200)])
        #expect(rows.customers[0].openOrders == 0)
        #expect(rows.customers[0].net[eur] == 2800)
        #expect(rows.revenue[RevenueKey(day: day.day + 2, currency: eur)] == nil)
        #expect(rows.revenue[RevenueKey(day: day.day + 4, currency: eur)]?.net == -200)
        #expect(rows.statusCounts[.delivered] == 1 && rows.statusCounts.counts.reduce(0, +) == 1)
    }
}
