import LedgerDomain
import Testing

struct CurrencyAmountsTests {
    @Test func amountsAreKeptPerCurrencySortedAndZeroesStay() {
        var amounts = CurrencyAmounts()
        let codes = ["USD", "EUR", "JPY", "GBP", "CHF", "AUD", "EUR", "CHF"]
        for (index, code) in codes.enumerated() { amounts.add(Int128(index), to: Currency(code)!) }
        amounts.add(Int64(0), to: Currency("SEK")!)
        #expect(amounts.entries.map(\.currency.description) == ["AUD", "CHF", "EUR", "GBP", "JPY", "SEK", "USD"])
        #expect(amounts[Currency("EUR")!] == 1 + 6)
        #expect(amounts[Currency("CHF")!] == 4 + 7)
        #expect(amounts[Currency("SEK")!] == 0)
        #expect(amounts[Currency("NOK")!] == 0)
        let rebuilt = CurrencyAmounts(amounts.entries.reversed())
        #expect(rebuilt == amounts)
        #expect(rebuilt.hashValue == amounts.hashValue)
    }

    @Test func moreCurrenciesThanFitInlineAreKeptToo() {
        let codes = ["USD", "EUR", "JPY", "GBP", "CHF", "AUD", "SEK", "NOK", "DKK", "BRL", "CAD", "PLN"]
        var amounts = CurrencyAmounts()
        for round in 0..<3 {
            for (index, code) in codes.enumerated() { amounts.add(Int128(index * 10 + round), to: Currency(code)!) }
        }
        #expect(amounts.count == codes.count)
        #expect(amounts.entries.map(\.currency.description) == codes.sorted())
        for (index, code) in codes.enumerated() { #expect(amounts[Currency(code)!] == Int128(index * 30 + 3)) }
        var merged = CurrencyAmounts(amounts.entries.reversed())
        merged.merge(amounts)
        #expect(merged.entries.map(\.amount) == amounts.entries.map { $0.amount * 2 })
    }

    /// Sums that pass `Int64`'s bounds, up and down, inline and past the inline currencies, by
    /// 64-bit adds, 128-bit adds and merges, equal plain `Int128` arithmetic.
    @Test func amountsPastSixtyFourBitsAreExact() {
        let codes = ["USD", "EUR", "JPY", "GBP", "CHF", "AUD", "SEK", "NOK", "DKK", "BRL", "CAD", "PLN"]
        var amounts = CurrencyAmounts()
        var other = CurrencyAmounts()
        var expected: [String: Int128] = [:]
        var random = SystemRandomNumberGenerator()
        for step in 0..<4_000 {
            let code = codes[step % codes.count]
            // Half the currencies mostly gain, the other half mostly lose.
            let sign: Int64 = (step % codes.count % 2 == 0) != (step % 11 == 0) ? 1 : -1
            if step % 3 == 0 {
                let wide = Int128(Int64.random(in: 0...Int64.max, using: &random)) * Int128(sign) << 20
                amounts.add(wide, to: Currency(code)!)
                expected[code, default: 0] += wide
            } else {
                let narrow = sign * Int64.random(in: Int64.max / 2...Int64.max, using: &random)
                if step % 2 == 0 {
                    amounts.add(narrow, to: Currency(code)!)
                } else {
                    other.add(narrow, to: Currency(code)!)
                }
                expected[code, default: 0] += Int128(narrow)
            }
        }
        amounts.merge(other)
        #expect(Dictionary(uniqueKeysWithValues: amounts.entries.map { ($0.currency.description, $0.amount) }) == expected)
        #expect(expected.values.contains { $0 > Int128(Int64.max) } && expected.values.contains { $0 < Int128(Int64.min) })
        #expect(!amounts.fitsInt64)
        var back = CurrencyAmounts()
        back.add(Int64.max, to: Currency("EUR")!)
        back.add(Int64(1), to: Currency("EUR")!)
        #expect(!back.fitsInt64)
        back.add(Int64(-1), to: Currency("EUR")!)
        #expect(back.fitsInt64 && back[Currency("EUR")!] == Int128(Int64.max))
    }
}
