import LedgerDomain

/// Maps per currency (`net`, `revenue`) as JSON objects.
enum CurrencyColumns {
    static func json(_ amounts: CurrencyAmounts) -> String {
        "{" + amounts.entries.map { "\"\($0.currency)\":\($0.amount)" }.joined(separator: ",") + "}"
    }
}
