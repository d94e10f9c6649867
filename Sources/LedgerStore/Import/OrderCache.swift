internal import LedgerDomain
internal import LedgerServices

/// The orders one chunk touches, loaded once from the store and written back once, in key order,
/// when the chunk ends. An order in flight usually sees several events per chunk.
struct OrderCache {
    private var entries: [OrderID: (order: StoredOrder, dirty: Bool)] = [:]

    init(capacity: Int) { entries.reserveCapacity(capacity) }

    /// The order, from the cache or the store.
    mutating func order(_ id: OrderID, in ledger: LedgerTransaction) throws -> StoredOrder? {
        if let entry = entries[id] { return entry.order }
        guard let order = try ledger.order(id) else { return nil }
        entries[id] = (order, false)
        return order
    }

    mutating func update(_ id: OrderID, to order: StoredOrder) {
        entries[id] = (order, true)
    }

    /// Writes every changed order back, in number order (appends and neighbouring pages).
    func flush(to ledger: LedgerTransaction) throws {
        for entry in entries.values.filter(\.dirty).sorted(by: { $0.order.number < $1.order.number }) {
            try ledger.putOrder(entry.order)
        }
    }
}
