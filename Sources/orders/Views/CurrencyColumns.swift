import LedgerDomain

/// Maps per currency (`net`, `revenue`) as one CSV column per currency.
enum CurrencyColumns {
    /// Every currency in `all`, sorted.
    static func currencies(_ all: [CurrencyAmounts]) -> [Currency] {
        Set(all.flatMap { $0.entries.map(\.currency) }).sorted()
    }

    /// Writes the cells for `currencies`, each after a comma (`cells`, into the buffer).
    static func writeCells(_ amounts: CurrencyAmounts, _ currencies: [Currency], to output: OutputBuffer) {
        let entries = amounts.entries
        for currency in currencies {
            output.append(",")
            if let entry = entries.first(where: { $0.currency == currency }) { output.append(entry.amount) }
        }
    }

    /// The cells for `currencies`: the amount, or empty where the row has no such currency.
    static func cells(_ amounts: CurrencyAmounts, _ currencies: [Currency]) -> [String] {
        currencies.map { currency in
            amounts.entries.first { $0.currency == currency }.map { String($0.amount) } ?? ""
        }
    }
}
