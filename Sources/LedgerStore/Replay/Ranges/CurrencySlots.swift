internal import LedgerDomain

/// The currencies one replay thread has met, each given the next dense slot the first time:
/// rows keep their amounts in an array by slot, so folding an event into a row searches nothing
/// and touches no heap object, however many currencies the store has. Finding a currency's slot
/// is one probe, most often, of a small open-addressing table that stays in the cache.
struct CurrencySlots {
    /// Packed codes plus one (0: empty) and their slots; the table is never more than half full.
    private var keys = [UInt64](repeating: 0, count: 32)
    private var values = [Int32](repeating: 0, count: 32)
    /// The code of each slot, by slot.
    private(set) var codes: [UInt32] = []

    /// The slot of `currency`, given it now if it has none.
    mutating func slot(of currency: Currency) -> Int {
        let code = currency.packed
        let key = UInt64(code) + 1
        var probe = Self.home(code, keys.count)
        while keys[probe] != 0 {
            if keys[probe] == key { return Int(values[probe]) }
            probe = (probe + 1) & (keys.count - 1)
        }
        keys[probe] = key
        values[probe] = Int32(codes.count)
        codes.append(code)
        if codes.count * 2 > keys.count { grow() }
        return codes.count - 1
    }

    private static func home(_ code: UInt32, _ size: Int) -> Int {
        Int(truncatingIfNeeded: (code &* 0x9E37_79B1) >> 16) & (size - 1)
    }

    private mutating func grow() {
        let size = keys.count * 2
        keys = [UInt64](repeating: 0, count: size)
        values = [Int32](repeating: 0, count: size)
        for (slot, code) in codes.enumerated() {
            var probe = Self.home(code, size)
            while keys[probe] != 0 { probe = (probe + 1) & (size - 1) }
            keys[probe] = UInt64(code) + 1
            values[probe] = Int32(slot)
        }
    }
}
