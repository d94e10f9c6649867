internal import LedgerDomain
internal import LedgerServices

/// The orders one chunk touches, loaded once from the store and written back once, in number
/// order, when the chunk ends. An order in flight usually sees several events per chunk. Found
/// by dense number: a slot per order number seen, no hashing.
struct OrderCache {
    /// For each order number, its index in `entries` + 1 (0: not cached).
    private var positions: [Int32] = []
    private var entries: [(order: StoredOrder, dirty: Bool)] = []

    init(orders: Int) { positions = [Int32](repeating: 0, count: orders + orders / 8 + 1_024) }

    /// The order, from the cache or the store.
    mutating func order(_ number: OrderNumber, in ledger: LedgerTransaction) throws -> StoredOrder? {
        if number.index < positions.count, positions[number.index] != 0 {
            return entries[Int(positions[number.index]) - 1].order
        }
        guard let order = try ledger.order(number) else { return nil }
        keep(order, dirty: false)
        return order
    }

    mutating func update(to order: StoredOrder) {
        if order.number.index < positions.count, positions[order.number.index] != 0 {
            entries[Int(positions[order.number.index]) - 1] = (order, true)
        } else {
            keep(order, dirty: true)
        }
    }

    private mutating func keep(_ order: StoredOrder, dirty: Bool) {
        let index = order.number.index
        if index >= positions.count { positions += repeatElement(0, count: index + 1 - positions.count + positions.count / 2) }
        entries.append((order, dirty))
        positions[index] = Int32(entries.count)
    }

    /// Writes every changed order back, in number order (appends and neighbouring pages).
    func flush(to ledger: LedgerTransaction) throws {
        for entry in entries.filter(\.dirty).sorted(by: { $0.order.number < $1.order.number }) {
            try ledger.putOrder(entry.order)
        }
    }
}
