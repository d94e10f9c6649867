import LedgerDomain

/// Money for people: major units with the currency's own decimals (EUR 12.50, JPY 1250).
enum MoneyText {
    /// ISO 4217 currencies without minor units, and with three decimals; all others have two.
    private static let noDecimals: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF",
    ]
    private static let threeDecimals: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]

    static func decimals(_ currency: Currency) -> Int {
        let code = currency.description
        return noDecimals.contains(code) ? 0 : threeDecimals.contains(code) ? 3 : 2
    }

    /// `12.50` for 1250 EUR minor units.
    static func amount(_ minor: Int64, _ currency: Currency) -> String {
        let places = decimals(currency)
        guard places > 0 else { return String(minor) }
        var divisor: Int64 = 1
        for _ in 0..<places { divisor *= 10 }
        let magnitude = minor.magnitude
        let fraction = String(magnitude % UInt64(divisor))
        return (minor < 0 ? "-" : "") + "\(magnitude / UInt64(divisor))."
            + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// `EUR 12.50`.
    static func money(_ minor: Int64, _ currency: Currency) -> String { "\(currency) \(amount(minor, currency))" }

    /// `EUR 12.50, USD 3.00` for amounts per currency.
    static func amounts(_ amounts: CurrencyAmounts) -> String {
        amounts.entries.map { money($0.amount, $0.currency) }.joined(separator: ", ")
    }
}
