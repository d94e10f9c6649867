/// Money per currency; a currency once added stays, even at 0 (SPEC §6: a `net` or `revenue`
/// object has a key for every currency with a placed order).
///
/// Up to four currencies live inline, so a row that holds this is one flat value: folding into
/// an array of rows touches no heap object per row (measured: the pointer chase to a per-row
/// array cost 10% of a replay). More currencies spill into `overflow`.
public struct CurrencyAmounts: Hashable, Sendable {
    @usableFromInline struct Slot: Hashable, Sendable {
        @usableFromInline var currency: UInt32
        @usableFromInline var amount: Int64

        @inlinable init(currency: UInt32, amount: Int64) {
            self.currency = currency
            self.amount = amount
        }
    }

    @usableFromInline var slots = (Slot(currency: 0, amount: 0), Slot(currency: 0, amount: 0),
                         Slot(currency: 0, amount: 0), Slot(currency: 0, amount: 0))
    @usableFromInline var inlineCount: UInt8 = 0
    @usableFromInline var overflow: [Slot] = []

    public init(_ entries: [(currency: Currency, amount: Int64)] = []) {
        for entry in entries { add(entry.amount, to: entry.currency) }
    }

    /// How many currencies it holds.
    public var count: Int { Int(inlineCount) + overflow.count }

    /// The amounts, sorted by currency code.
    public var entries: [(currency: Currency, amount: Int64)] {
        var all: [(currency: Currency, amount: Int64)] = []
        all.reserveCapacity(count)
        withUnsafeBytes(of: slots) { raw in
            for slot in raw.bindMemory(to: Slot.self).prefix(Int(inlineCount)) {
                all.append((Currency(packed: slot.currency), slot.amount))
            }
        }
        for slot in overflow { all.append((Currency(packed: slot.currency), slot.amount)) }
        return all.sorted { $0.currency < $1.currency }
    }

    public subscript(currency: Currency) -> Int64 {
        entries.first { $0.currency == currency }?.amount ?? 0
    }

    /// Adds `amount` (which may be 0 or negative) to `currency`, adding the currency if new.
    @inlinable public mutating func add(_ amount: Int64, to currency: Currency) {
        let code = currency.packed
        let found: Bool = withUnsafeMutableBytes(of: &slots) { raw in
            let inline = raw.bindMemory(to: Slot.self)
            for index in 0..<Int(inlineCount) where inline[index].currency == code {
                inline[index].amount += amount
                return true
            }
            if inlineCount < 4 {
                inline[Int(inlineCount)] = Slot(currency: code, amount: amount)
                inlineCount += 1
                return true
            }
            return false
        }
        if found { return }
        if let index = overflow.firstIndex(where: { $0.currency == code }) {
            overflow[index].amount += amount
        } else {
            overflow.append(Slot(currency: code, amount: amount))
        }
    }

    /// Adds every amount of `other`, keeping its currencies (even at 0).
    public mutating func merge(_ other: CurrencyAmounts) {
        withUnsafeBytes(of: other.slots) { raw in
            for slot in raw.bindMemory(to: Slot.self).prefix(Int(other.inlineCount)) {
                add(slot.amount, to: Currency(packed: slot.currency))
            }
        }
        for slot in other.overflow { add(slot.amount, to: Currency(packed: slot.currency)) }
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
