public import LedgerDomain

/// Money for people: major units with the currency's own decimals, grouped (EUR 12.50, JPY 1,250).
public enum MoneyText {
    /// ISO 4217 currencies without minor units, and with three decimals; all others have two.
    /// Kept packed: tables ask once per amount shown, for hundreds of thousands of rows.
    private static let noDecimals = packed([
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF",
    ])
    private static let threeDecimals = packed(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"])

    private static func packed(_ codes: [String]) -> Set<UInt32> { Set(codes.compactMap { Currency($0)?.packed }) }

    public static func decimals(_ currency: Currency) -> Int {
        noDecimals.contains(currency.packed) ? 0 : threeDecimals.contains(currency.packed) ? 3 : 2
    }

    /// `12.50` for 1250 EUR minor units; `10,000.00` for 1000000 (grouped, for tables).
    public static func amount(_ minor: some BinaryInteger, _ currency: Currency) -> String {
        // Digits of a 64-bit magnitude are cheaper to find than those of a 128-bit one, and
        // nearly every amount fits.
        if let narrow = Int64(exactly: minor) { return DigitGrouping.grouped(number: amount(of: narrow, currency)) }
        return DigitGrouping.grouped(number: amount(of: Int128(minor), currency))
    }

    private static func amount<Minor: FixedWidthInteger & SignedInteger>(of minor: Minor, _ currency: Currency) -> String {
        let places = decimals(currency)
        guard places > 0 else { return String(minor) }
        var digits = 1
        var rest = minor.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let length = (minor < 0 ? 1 : 0) + max(digits, places + 1) + 1
        // Written from the right: the fraction, the point, the whole units (at least 0), the sign.
        return String(unsafeUninitializedCapacity: length) { text in
            var magnitude = minor.magnitude
            var index = length
            for written in 0..<max(digits, places + 1) {
                if written == places {
                    index -= 1
                    text[index] = UInt8(ascii: ".")
                }
                index -= 1
                text[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            if minor < 0 { text[0] = UInt8(ascii: "-") }
            return length
        }
    }

    /// The bytes `amount(minor, currency)` takes for a currency of `places` decimals.
    public static func width(ofAmount minor: Int64, places: Int) -> Int {
        let shown = max(digits(minor.magnitude), places + 1)
        return (minor < 0 ? 1 : 0) + shown + (places > 0 ? 1 : 0) + (shown - places - 1) / 3
    }

    /// Writes `amount(minor, currency)` for a currency of `places` decimals into `text`, whose
    /// length is `width(ofAmount: minor, places: places)`: the digits go straight where they are
    /// shown, from the right, with no string made and grouped after.
    public static func write(amount minor: Int64, places: Int, into text: UnsafeMutableRawBufferPointer) {
        let shown = max(digits(minor.magnitude), places + 1)
        var magnitude = minor.magnitude
        var index = text.count
        for position in 0..<shown {
            if position == places, places > 0 {
                index -= 1
                text[index] = UInt8(ascii: ".")
            } else if position > places, (position - places) % 3 == 0 {
                index -= 1
                text[index] = UInt8(ascii: ",")
            }
            index -= 1
            text[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        if minor < 0 { text[0] = UInt8(ascii: "-") }
    }

    /// The decimal digits of `value` (1 for 0).
    private static func digits(_ value: UInt64) -> Int {
        var digits = 1
        var power: UInt64 = 10
        // 10^19 is the largest power of ten below 2^64: past it, `value` has its 20 digits.
        while digits < 20, value >= power {
            digits += 1
            power &*= 10
        }
        return digits
    }

    /// `EUR 12.50`.
    public static func money(_ minor: some BinaryInteger, _ currency: Currency) -> String {
        "\(currency) \(amount(minor, currency))"
    }

    /// `EUR 12.50, USD 3.00` for amounts per currency.
    public static func amounts(_ amounts: CurrencyAmounts) -> String {
        var text = ""
        for (index, entry) in amounts.entries.enumerated() {
            if index > 0 { text += ", " }
            text += entry.currency.description
            text += " "
            text += amount(entry.amount, entry.currency)
        }
        return text
    }
}
