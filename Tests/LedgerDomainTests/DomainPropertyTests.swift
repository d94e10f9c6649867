import LedgerDomain
import PropertyBased
import Testing

/// Properties of the value types the fold adds up.
struct DomainPropertyTests {
    static let code = Gen.uppercaseLetter.string(of: 3)
    static let amount = Gen.int64(in: -1_000_000...1_000_000)
    static let entries = zip(code, amount).array(of: 0...12)

    @Test func currenciesOrderLikeTheirCodes() async {
        await propertyCheck(input: Self.code, Self.code) { left, right in
            #expect((Currency(left)! < Currency(right)!) == (left < right))
            #expect(Currency(left)!.description == left)
        }
    }

    @Test func mergingAmountsIsAddingThemOneByOne() async {
        await propertyCheck(input: Self.entries, Self.entries) { first, second in
            var merged = CurrencyAmounts(first.map { (Currency($0.0)!, Int128($0.1)) })
            merged.merge(CurrencyAmounts(second.map { (Currency($0.0)!, Int128($0.1)) }))
            var added = CurrencyAmounts()
            for (code, amount) in first + second { added.add(Int128(amount), to: Currency(code)!) }
            #expect(merged == added)
            #expect(merged.entries.map(\.currency) == Set((first + second).map(\.0)).sorted().map { Currency($0)! })
            #expect(merged.count == Set((first + second).map(\.0)).count)
        }
    }

    @Test func rowsMergeLikeTheirFieldsAdd() async {
        await propertyCheck(input: Self.amount.array(of: 10), Self.amount.array(of: 10)) { a, b in
            var left = RevenueTotals()
            (left.ordersPlaced, left.ordersCancelled, left.gross, left.captured, left.refunded) = (
                a[0], a[1], Int128(a[2]), Int128(a[3]), Int128(a[4])
            )
            var right = RevenueTotals()
            (right.ordersPlaced, right.ordersCancelled, right.gross, right.captured, right.refunded) = (
                b[0], b[1], Int128(b[2]), Int128(b[3]), Int128(b[4])
            )
            var merged = left
            merged.merge(right)
            #expect(
                [Int128(merged.ordersPlaced), Int128(merged.ordersCancelled), merged.gross, merged.captured, merged.refunded]
                    == (0..<5).map { Int128(a[$0]) + Int128(b[$0]) })
            var customer = CustomerTotals()
            (customer.orders, customer.openOrders, customer.cancelled) = (a[5], a[6], a[7])
            var other = CustomerTotals()
            (other.orders, other.openOrders, other.cancelled) = (b[5], b[6], b[7])
            customer.merge(other)
            #expect([customer.orders, customer.openOrders, customer.cancelled] == (5..<8).map { a[$0] + b[$0] })
            var sku = SKUTotals()
            (sku.unitsOrdered, sku.unitsCancelled) = (a[8], a[9])
            var otherSKU = SKUTotals()
            (otherSKU.unitsOrdered, otherSKU.unitsCancelled) = (b[8], b[9])
            sku.merge(otherSKU)
            #expect([sku.unitsOrdered, sku.unitsCancelled] == [a[8] + b[8], a[9] + b[9]])
        }
    }
}
