internal import CMemory
internal import CPrefetch
import Glibc
internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// The order states of one import, kept in memory across its chunks in a dense array by order
/// number, so that an order's next event (in this chunk or any later one) reads no B-tree. An
/// order the import has not met yet is read from the store once, with the stored orders numbered
/// next to it (`loadBlock`; an order in memory is never read again, so the store may lag behind
/// by chunks not yet committed). The orders the import
/// changed are written back once, with its last chunk (`drainChanges`, in number order): the
/// `orders` database is not rewritten by every commit. For the orders it placed, the import
/// also keeps the seq of their `placed` event: a cancel reads that one event for the lines, instead
/// of walking the order's stream back through the log (pages anywhere in it).
///
/// Like `ReadModelCache`, the states are trusted only while the log's head is where this import's
/// last chunk left it: a chunk that starts anywhere else (another writer, an aborted or retried
/// transaction) forgets them all and reads the orders from the store again.
final class OrderStates {
    // Exclusivity unchecked on what each record touches: one thread applies records at a time, and
    // no access to a property is open while another starts (the runtime's checks showed in the
    // applying thread's profile on `hostile`).
    /// Each order's state, the seq of its `placed` event (0: this import did not place it) and the
    /// seq of its latest event (0: not loaded; every stored order has an event), side by side so
    /// that a lookup reaches one place in memory. Zeroed memory from `calloc`, so only the pages
    /// of the numbers met become resident: an import that touches a few orders of a large store
    /// costs a few pages, not an array of them all.
    @exclusivity(unchecked) private var states: UnsafeMutablePointer<Entry>
    /// How many order numbers the buffer holds.
    @exclusivity(unchecked) private var capacity: Int
    /// The numbers of the orders this import changed, to write back with its last chunk.
    @exclusivity(unchecked) private var changed = NumberSet()
    /// The blocks of `loadBlock` order numbers whose stored orders are in `states`.
    @exclusivity(unchecked) private var loadedBlocks = NumberSet()
    /// The head seq at which the loaded states equal the stored ones, if known.
    private var validAt: UInt64?
    @exclusivity(unchecked) private var ledger: LedgerTransaction?
    /// Whether the write-back ran (`drainChanges`): the states' pages may be gone.
    private var drained = false
    /// The order numbers read from the store together (`loadBlock`, or 1 point-wise).
    private let block: Int
    /// Whether the states are read at random over many pages (huge pages then), or a few point-wise.
    private let hugePages: Bool

    /// `expectedOrders`: about how many order numbers the import will meet, so that the buffers
    /// need not grow (growing keeps their contents; only the pages written are resident).
    /// `lookups`: point-wise, each stored order is read alone, onto small pages (a small import
    /// meets a few orders spread over the store's numbers; each huge page met would be zeroed whole).
    init(expectedOrders: Int = 0, lookups: LookupMode = .loaded) {
        capacity = max(expectedOrders, 1 << 16)
        block = lookups == .pointwise ? 1 : Self.loadBlock
        hugePages = lookups == .loaded
        states = Self.allocate(capacity, hugePages: hugePages)
    }

    deinit { free(states) }

    /// One order's entry in `states`.
    private typealias Entry = (state: OrderState, placedSeq: UInt64, lastSeq: UInt64)

    private static func allocate(_ count: Int, hugePages: Bool) -> UnsafeMutablePointer<Entry> {
        guard let states = calloc(count, MemoryLayout<Entry>.stride) else {
            fatalError("out of memory for \(count) order states")
        }
        // Read at random by order number (80 bytes an order): huge pages spare most TLB misses.
        if hugePages { cmemory_advise_huge_pages(states, count * MemoryLayout<Entry>.stride) }
        return states.bindMemory(to: Entry.self, capacity: count)
    }

    /// Starts a chunk in `ledger`, whose log ends at `head`.
    func begin(_ ledger: LedgerTransaction, head: UInt64) {
        // Drained states are gone whatever the head (an `--atomic` import's transaction run again
        // prepares its chunk anew).
        if validAt != head || drained {
            free(states)
            states = Self.allocate(capacity, hugePages: hugePages)
            changed.removeAll()
            loadedBlocks.removeAll()
            drained = false
        }
        validAt = nil
        self.ledger = ledger
    }

    /// The chunk committed and the log now ends at `head`: the states are the stored ones.
    func committed(head: UInt64) { validAt = head }

    /// The order with this number, from memory or, the first time its block is met, from the store.
    func order(_ number: OrderNumber) throws -> StoredOrder? {
        if let held = held(number) { return held }
        guard let ledger else { preconditionFailure("an order was read outside a chunk") }
        let block = number.index / self.block
        guard !loadedBlocks.contains(block) else { return nil }
        let first = UInt32(block * self.block)
        try ledger.forEachOrder(in: first...first + UInt32(self.block - 1)) { stored in
            // An order held is newer than the stored one, or the same.
            if held(stored.number) == nil { store(stored) }
        }
        loadedBlocks.insert(block)
        return held(number)
    }

    /// Order numbers read from the store together, the first time one of them is met: one walk
    /// of the `orders` pages that hold them (a few dozen). Read alone, each order would search the
    /// tree, and its page would be mapped again for every order on it once the import's budget of
    /// mapped pages had dropped it: a resumed import meets the stored orders of a batch whose
    /// lifecycles are spread at random, most of them, and page faults would be most of its time.
    static let loadBlock = 1 << 10

    /// The order with this number if it is in memory.
    private func held(_ number: OrderNumber) -> StoredOrder? {
        let index = number.index
        guard index < capacity, states[index].lastSeq != 0 else { return nil }
        return StoredOrder(number: number, state: states[index].state, lastSeq: states[index].lastSeq)
    }

    /// Starts bringing in the entry of order `number` (a hint, see `ImportPrefetch`).
    func prefetch(_ number: OrderNumber) {
        let index = number.index
        guard index < capacity else { return }
        let entry = UnsafeRawPointer(states + index)
        cprefetch_for_write(entry)
        cprefetch_for_write(entry + MemoryLayout<Entry>.size - 1)
    }

    /// The order's new state, written back when the chunk ends; `placedSeq` when it was just placed.
    func update(to order: StoredOrder, placedSeq: UInt64? = nil) {
        store(order, placedSeq: placedSeq)
        changed.insert(order.number.index)
    }

    /// The seq of the order's `placed` event, if this import placed it.
    func placedSeq(of number: OrderNumber) -> UInt64? {
        guard number.index < capacity, states[number.index].lastSeq != 0, states[number.index].placedSeq != 0 else { return nil }
        return states[number.index].placedSeq
    }

    private func store(_ order: StoredOrder, placedSeq: UInt64? = nil) {
        let index = order.number.index
        if index >= capacity { grow(to: index + 1) }
        let known = states[index].lastSeq != 0 ? states[index].placedSeq : 0
        (states + index).initialize(to: (order.state, placedSeq ?? known, order.lastSeq))
    }

    /// Room for at least `count` numbers; the new part is zeroed (fresh pages from `calloc`, not
    /// written until an order lands there).
    private func grow(to count: Int) {
        var size = capacity
        while size < count { size *= 2 }
        let grown = Self.allocate(size, hugePages: hugePages)
        grown.initialize(from: states, count: capacity)
        free(states)
        states = grown
        capacity = size
    }

    /// Whether the import changed an order that is not written back yet.
    var hasChanges: Bool { !changed.isEmpty }

    /// The write-back, the states' last use: calls `body` with every order the import changed,
    /// once each and in number order, and hands the memory of the states behind it back to the
    /// system as it goes (80 bytes an order, held until now beside every page the write-back
    /// dirties, which LMDB keeps until the commit: at millions of orders that adds up). Nothing
    /// reads the states afterwards but a chunk begun again (which starts from the store); a second
    /// call, which a transaction run again after the map filled would make, throws instead of
    /// writing states no longer held.
    func drainChanges(_ body: (StoredOrder) throws -> Void) throws {
        guard !drained else { throw StoreError.engine(.mapFull(during: .put)) }
        drained = true
        var behind = PagesBehind(UnsafeRawBufferPointer(start: states, count: capacity * MemoryLayout<Entry>.stride))
        var written = 0
        try forEachChange { order in
            try body(order)
            written += 1
            guard written & (Self.drainInterval - 1) == 0 else { return }
            behind.release(before: states + order.number.index)
        }
    }

    /// Calls `body` with every order the import changed, once each and in number order, as it is now.
    func forEachChange(_ body: (StoredOrder) throws -> Void) rethrows {
        for index in changed {
            try body(StoredOrder(number: OrderNumber(UInt32(index)), state: states[index].state, lastSeq: states[index].lastSeq))
        }
    }

    /// Orders written back between two hand-backs of the pages behind them (a power of two).
    private static let drainInterval = 1 << 12

    /// The customer→orders entries of the orders this import placed, for `customer_orders`.
    func placedOrders() -> [(customer: CustomerNumber, order: OrderNumber)] {
        var placed: [(customer: CustomerNumber, order: OrderNumber)] = []
        for index in changed {
            if states[index].placedSeq != 0 { placed.append((states[index].state.customer, OrderNumber(UInt32(index)))) }
        }
        return placed
    }
}
