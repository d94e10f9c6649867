import Glibc
internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// The order states of one import, kept in memory across its chunks in a dense array by order
/// number, so that an order's next event (in this chunk or any later one) reads no B-tree. An
/// order the import has not met yet is read from the store once (an order in memory is never
/// read again, so the store may lag behind by chunks not yet committed). Each chunk writes back
/// only the orders it changed, in number order (`changes`). For the orders it placed, the import
/// also keeps the seq of their `placed` event: a cancel reads that one event for the lines, instead
/// of walking the order's stream back through the log (pages anywhere in it).
///
/// Like `ReadModelCache`, the states are trusted only while the log's head is where this import's
/// last chunk left it: a chunk that starts anywhere else (another writer, an aborted or retried
/// transaction) forgets them all and reads the orders from the store again.
final class OrderStates {
    /// The seq of each order's latest event by number; 0: not loaded (every stored order has an
    /// event). Zeroed memory from `calloc`, so only the pages of the numbers met become resident:
    /// an import that touches a few orders of a large store costs a few pages, not an array of them all.
    private var lastSeqs: UnsafeMutablePointer<UInt64>
    /// Each loaded order's state and the seq of its `placed` event (0: this import did not place it).
    private var states: UnsafeMutablePointer<(state: OrderState, placedSeq: UInt64)>
    /// How many order numbers the two buffers hold.
    private var capacity: Int
    /// The numbers of the orders this chunk changed (some more than once).
    private var changed: [UInt32] = []
    /// The head seq at which the loaded states equal the stored ones, if known.
    private var validAt: UInt64?
    private var ledger: LedgerTransaction?

    /// `expectedOrders`: about how many order numbers the import will meet, so that the buffers
    /// need not grow (growing keeps their contents; only the pages written are resident).
    init(expectedOrders: Int = 0) {
        capacity = max(expectedOrders, 1 << 16)
        (lastSeqs, states) = Self.allocate(capacity)
    }

    deinit {
        free(lastSeqs)
        free(states)
    }

    private static func allocate(
        _ count: Int
    ) -> (UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<(state: OrderState, placedSeq: UInt64)>) {
        guard let seqs = calloc(count, MemoryLayout<UInt64>.stride),
            let states = calloc(count, MemoryLayout<(state: OrderState, placedSeq: UInt64)>.stride)
        else { fatalError("out of memory for \(count) order states") }
        return (
            seqs.bindMemory(to: UInt64.self, capacity: count),
            states.bindMemory(to: (state: OrderState, placedSeq: UInt64).self, capacity: count)
        )
    }

    /// Starts a chunk in `ledger`, whose log ends at `head`.
    func begin(_ ledger: LedgerTransaction, head: UInt64) {
        if validAt != head {
            free(lastSeqs)
            free(states)
            (lastSeqs, states) = Self.allocate(capacity)
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
        if index < capacity, lastSeqs[index] != 0 {
            return StoredOrder(number: number, state: states[index].state, lastSeq: lastSeqs[index])
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
        guard number.index < capacity, lastSeqs[number.index] != 0, states[number.index].placedSeq != 0 else { return nil }
        return states[number.index].placedSeq
    }

    private func store(_ order: StoredOrder, placedSeq: UInt64? = nil) {
        let index = order.number.index
        if index >= capacity { grow(to: index + 1) }
        let known = lastSeqs[index] != 0 ? states[index].placedSeq : 0
        (states + index).initialize(to: (order.state, placedSeq ?? known))
        lastSeqs[index] = order.lastSeq
    }

    /// Room for at least `count` numbers; the new part is zeroed (`realloc` of a large block
    /// moves its pages, it does not copy them).
    private func grow(to count: Int) {
        var size = capacity
        while size < count { size *= 2 }
        let seqStride = MemoryLayout<UInt64>.stride
        let stateStride = MemoryLayout<(state: OrderState, placedSeq: UInt64)>.stride
        guard let seqs = realloc(lastSeqs, size * seqStride), let grown = realloc(states, size * stateStride) else {
            fatalError("out of memory for \(size) order states")
        }
        memset(seqs + capacity * seqStride, 0, (size - capacity) * seqStride)
        lastSeqs = seqs.bindMemory(to: UInt64.self, capacity: size)
        states = grown.bindMemory(to: (state: OrderState, placedSeq: UInt64).self, capacity: size)
        capacity = size
    }

    /// Every order this chunk changed, once each and in number order, as it is now.
    func changes() -> [StoredOrder] {
        changed.sortAndRemoveDuplicates()
        return changed.map { number in
            StoredOrder(number: OrderNumber(number), state: states[Int(number)].state, lastSeq: lastSeqs[Int(number)])
        }
    }
}
