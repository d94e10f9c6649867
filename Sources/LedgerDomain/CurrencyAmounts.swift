/// Money per currency, sorted by currency code; a currency once added stays, even at 0
/// (SPEC §6: a `net` or `revenue` object has a key for every currency with a placed order).
public struct CurrencyAmounts: Hashable, Sendable {
    public private(set) var entries: [(currency: Currency, amount: Int64)]

    public init(_ entries: [(currency: Currency, amount: Int64)] = []) {
        self.entries = entries.sorted { $0.currency < $1.currency }
    }

    public subscript(currency: Currency) -> Int64 {
        entries.first { $0.currency == currency }?.amount ?? 0
    }

    /// Adds `amount` (which may be 0 or negative) to `currency`, adding the currency if new.
    public mutating func add(_ amount: Int64, to currency: Currency) {
        if let index = entries.firstIndex(where: { $0.currency == currency }) {
            entries[index].amount += amount
        } else {
            entries.append((currency, amount))
            entries.sort { $0.currency < $1.currency }
        }
    }

    public static func == (lhs: CurrencyAmounts, rhs: CurrencyAmounts) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.currency == $1.currency && $0.amount == $1.amount }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.currency)
            hasher.combine(entry.amount)
        }
    }
}
