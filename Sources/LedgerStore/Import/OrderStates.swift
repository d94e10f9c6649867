internal import LedgerDomain
internal import LedgerServices

/// The order states of one import, kept in memory across its chunks in a dense array by order
/// number, so that an order's next event (in this chunk or any later one) reads no B-tree. An
/// order the import has not met yet is read from the store once. Each chunk writes back only the
/// orders it changed, in number order, before it commits. For the orders it placed, the import
/// also keeps the seq of their `placed` event: a cancel reads that one event for the lines, instead
/// of walking the order's stream back through the log (pages anywhere in it).
///
/// Like `ReadModelCache`, the states are trusted only while the log's head is where this import's
/// last commit left it: a chunk that starts anywhere else (another writer, an aborted or retried
/// transaction) forgets them all and reads the orders from the store again.
final class OrderStates {
    /// An order's state and the seq of its latest event; `lastSeq` 0: not loaded (every stored
    /// order has an event). `placedSeq`: its `placed` event, 0 if this import did not place it.
    private struct Slot {
        var state: OrderState
        var lastSeq: UInt64
        var placedSeq: UInt64
    }

    private static let unloaded = Slot(
        state: OrderState(
            status: .placed, currency: Currency(packed: 0), customer: CustomerNumber(0), total: 0, paid: 0, refunded: 0,
            version: 0, placedAt: Timestamp(milliseconds: 0), updatedAt: Timestamp(milliseconds: 0), lineCount: 0,
            itemCount: 0),
        lastSeq: 0, placedSeq: 0)

    private var slots: [Slot] = []
    /// The numbers of the orders this chunk changed (some more than once).
    private var changed: [UInt32] = []
    /// The head seq at which the loaded states equal the stored ones, if known.
    private var validAt: UInt64?
    private var ledger: LedgerTransaction?

    /// `expectedOrders`: about how many orders the import will hold, so that the array is allocated
    /// once (its pages are only touched as orders arrive) rather than copied as it grows.
    init(expectedOrders: Int = 0) { slots.reserveCapacity(max(0, expectedOrders)) }

    /// Starts a chunk in `ledger`, whose log ends at `head`.
    func begin(_ ledger: LedgerTransaction, head: UInt64) {
        if validAt != head {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: Self.unloaded) }
        }
        validAt = nil
        changed.removeAll(keepingCapacity: true)
        self.ledger = ledger
    }

    /// The chunk committed and the log now ends at `head`: the states are the stored ones.
    func committed(head: UInt64) { validAt = head }

    /// The order with this number, from memory or, the first time, from the store.
    func order(_ number: OrderNumber) throws -> StoredOrder? {
        let index = number.index
        if index < slots.count, slots[index].lastSeq != 0 {
            return StoredOrder(number: number, state: slots[index].state, lastSeq: slots[index].lastSeq)
        }
        guard let ledger else { preconditionFailure("an order was read outside a chunk") }
        guard let stored = try ledger.order(number) else { return nil }
        store(stored)
        return stored
    }

    /// The order's new state, written back when the chunk ends; `placedSeq` when it was just placed.
    func update(to order: StoredOrder, placedSeq: UInt64? = nil) {
        store(order, placedSeq: placedSeq)
        changed.append(order.number.rawValue)
    }

    /// The seq of the order's `placed` event, if this import placed it.
    func placedSeq(of number: OrderNumber) -> UInt64? {
        guard number.index < slots.count, slots[number.index].placedSeq != 0 else { return nil }
        return slots[number.index].placedSeq
    }

    private func store(_ order: StoredOrder, placedSeq: UInt64? = nil) {
        let index = order.number.index
        if index >= slots.count { slots.append(contentsOf: repeatElement(Self.unloaded, count: index + 1 - slots.count)) }
        slots[index].state = order.state
        slots[index].lastSeq = order.lastSeq
        if let placedSeq { slots[index].placedSeq = placedSeq }
    }

    /// Writes every order this chunk changed, once each and in number order.
    func flush() throws {
        guard let ledger else { preconditionFailure("flush outside a chunk") }
        changed.sortAndRemoveDuplicates()
        for number in changed {
            let slot = slots[Int(number)]
            try ledger.putOrder(StoredOrder(number: OrderNumber(number), state: slot.state, lastSeq: slot.lastSeq))
        }
    }
}
