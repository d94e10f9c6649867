/// Money per currency; a currency once added stays, even at 0 (SPEC §6: a `net` or `revenue`
/// object has a key for every currency with a placed order). Amounts are exact `Int128`s (SPEC
/// §10), where 64 bits overflow after a few thousand orders of the largest total.
///
/// Up to ten currencies live inline, so a row that holds this is one flat value: folding into
/// an array of rows touches no heap object per row (a pointer chase to a per-row array showed
/// in the replay's profile, and with four inline slots, rows of ten currencies spilled and
/// searched the heap per event in a rebuild of the `hostile` profile). More currencies
/// spill into `overflow`. Amounts and codes are kept in two packed runs, so that a row spans as
/// few cache lines as it can: an inline amount is an `Int64` that wraps, and each time an add
/// passes `Int64`'s bounds the slot's carry (in `carries`, almost always empty) counts it, so
/// that the exact amount is the wrapped one plus the carry times 2^64.
public struct CurrencyAmounts: Hashable, Sendable {
    // Inlinable (and its storage usable from inlinable code): the fold adds to it per event in LedgerStore.
    @usableFromInline struct Slot: Hashable, Sendable {
        @usableFromInline var currency: UInt32
        @usableFromInline var amount: Int128

        // Inlinable (and its storage usable from inlinable code): the fold adds to it per event in LedgerStore.
        @inlinable init(currency: UInt32, amount: Int128) {
            self.currency = currency
            self.amount = amount
        }
    }

    /// How often an inline slot's amount passed `Int64`'s bounds upwards, less how often downwards.
    @usableFromInline struct Carry: Hashable, Sendable {
        @usableFromInline var slot: Int
        @usableFromInline var count: Int64

        @usableFromInline init(slot: Int, count: Int64) {
            self.slot = slot
            self.count = count
        }
    }

    // Inlinable (and its storage usable from inlinable code): the fold adds to it per event in LedgerStore.
    @usableFromInline var amounts: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline var codes: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline var overflow: [Slot] = []
    @usableFromInline var carries: [Carry] = []
    @usableFromInline var inlineCount: UInt8 = 0

    /// How many currencies fit inline (the number of elements of `amounts` and `codes`).
    // Inlinable: read per event by the fold's `add` in LedgerStore.
    @inlinable static var inlineCapacity: Int { 10 }

    public init(_ entries: [(currency: Currency, amount: Int128)] = []) {
        for entry in entries { add(entry.amount, to: entry.currency) }
    }

    /// How many currencies it holds.
    public var count: Int { Int(inlineCount) + overflow.count }

    /// Every (code, amount) held, inline ones first, in the order they were added.
    // Inlinable (and its storage usable from inlinable code): the fold adds to it per event in LedgerStore.
    // Safe: the tuples are homogeneous, so their bytes bind to `inlineCapacity` elements of their type, read only inside the closure.
    @usableFromInline func forEachSlot(_ body: (UInt32, Int128) -> Void) {
        withUnsafeBytes(of: codes) { codeBytes in
            withUnsafeBytes(of: amounts) { amountBytes in
                let codes = codeBytes.bindMemory(to: UInt32.self)
                let amounts = amountBytes.bindMemory(to: Int64.self)
                for index in 0..<Int(inlineCount) { body(codes[index], Int128(amounts[index]) + carried(index)) }
            }
        }
        for slot in overflow { body(slot.currency, slot.amount) }
    }

    /// The carries of inline slot `index`, as an amount.
    @usableFromInline func carried(_ index: Int) -> Int128 {
        guard !carries.isEmpty, let carry = carries.first(where: { $0.slot == index }) else { return 0 }
        return Int128(carry.count) << 64
    }

    /// Whether every amount fits an `Int64`: an inline one does unless its carries add up to
    /// some, one past the inline currencies when its value does.
    public var fitsInt64: Bool {
        carries.allSatisfy { $0.count == 0 } && overflow.allSatisfy { Int64(exactly: $0.amount) != nil }
    }

    /// The amounts, sorted by currency code.
    public var entries: [(currency: Currency, amount: Int128)] {
        var all: [(currency: Currency, amount: Int128)] = []
        all.reserveCapacity(count)
        forEachSlot { all.append((Currency(packed: $0), $1)) }
        return all.sorted { $0.currency < $1.currency }
    }

    public subscript(currency: Currency) -> Int128 {
        entries.first { $0.currency == currency }?.amount ?? 0
    }

    /// Adds `amount` (which may be 0 or negative) to `currency`, adding the currency if new.
    // Inlinable (and its storage usable from inlinable code): the fold adds to it per event in LedgerStore.
    @inlinable public mutating func add(_ amount: Int64, to currency: Currency) {
        let code = currency.packed
        let used = Int(inlineCount)
        let slot: Int? = withUnsafeBytes(of: codes) { raw in
            let codes = raw.bindMemory(to: UInt32.self)
            for index in 0..<used where codes[index] == code { return index }
            return nil
        }
        if let slot {
            let passed = withUnsafeMutableBytes(of: &amounts) { raw in
                let amounts = raw.bindMemory(to: Int64.self)
                let (sum, overflow) = amounts[slot].addingReportingOverflow(amount)
                amounts[slot] = sum
                return overflow
            }
            if passed { carry(amount > 0 ? 1 : -1, slot: slot) }
            return
        }
        if used < Self.inlineCapacity {
            withUnsafeMutableBytes(of: &codes) { $0.bindMemory(to: UInt32.self)[used] = code }
            withUnsafeMutableBytes(of: &amounts) { $0.bindMemory(to: Int64.self)[used] = amount }
            inlineCount += 1
            return
        }
        add(wide: Int128(amount), code: code)
    }

    /// Adds `amount`, of any size: its low 64 bits as an `Int64`, the rest as carries.
    public mutating func add(_ amount: Int128, to currency: Currency) {
        let low = Int64(truncatingIfNeeded: amount)
        add(low, to: currency)
        let high = Int64(truncatingIfNeeded: (amount - Int128(low)) >> 64)
        guard high != 0 else { return }
        let code = currency.packed
        let inline = withUnsafeBytes(of: codes) { raw in
            raw.bindMemory(to: UInt32.self).prefix(Int(inlineCount)).firstIndex(of: code)
        }
        if let inline { carry(high, slot: inline) } else { add(wide: amount - Int128(low), code: code) }
    }

    /// Counts `count` carries of inline slot `slot`.
    @usableFromInline mutating func carry(_ count: Int64, slot: Int) {
        if let index = carries.firstIndex(where: { $0.slot == slot }) {
            carries[index].count += count
        } else {
            carries.append(Carry(slot: slot, count: count))
        }
    }

    /// Adds `amount` to a currency past the inline ones.
    @usableFromInline mutating func add(wide amount: Int128, code: UInt32) {
        if let index = overflow.firstIndex(where: { $0.currency == code }) {
            overflow[index].amount += amount
        } else {
            overflow.append(Slot(currency: code, amount: amount))
        }
    }

    /// Adds every amount of `other`, keeping its currencies (even at 0).
    public mutating func merge(_ other: CurrencyAmounts) {
        other.forEachSlot { add($1, to: Currency(packed: $0)) }
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
