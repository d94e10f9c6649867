import LedgerDomain
import Testing

struct CurrencyAmountsTests {
    @Test func amountsAreKeptPerCurrencySortedAndZeroesStay() {
        var amounts = CurrencyAmounts()
        let codes = ["USD", "EUR", "JPY", "GBP", "CHF", "AUD", "EUR", "CHF"]
        for (index, code) in codes.enumerated() { amounts.add(Int128(index), to: Currency(code)!) }
        amounts.add(0, to: Currency("SEK")!)
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
}
