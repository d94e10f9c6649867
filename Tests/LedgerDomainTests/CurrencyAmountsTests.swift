import LedgerDomain
import Testing

struct CurrencyAmountsTests {
    @Test func amountsAreKeptPerCurrencySortedAndZeroesStay() {
        var amounts = CurrencyAmounts()
        let codes = ["USD", "EUR", "JPY", "GBP", "CHF", "AUD", "EUR", "CHF"]
        for (index, code) in codes.enumerated() { amounts.add(Int64(index), to: Currency(code)!) }
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
}
