internal import LMDB
internal import LedgerDomain
public import LedgerServices

/// One consistent read snapshot of a store, lent to `LedgerStore.snapshot`'s closure: walks that
/// hand over one row at a time, so that output can be written while it is read, in constant
/// memory. Valid only inside that closure, on its thread.
public struct LedgerSnapshot {
    let ledger: LedgerTransaction

    /// The seq of the last event in this snapshot (0: an empty log).
    public func headSeq() throws -> UInt64 { try ledger.headSeq() }

    /// The orders `filter` selects, in its order, at most `filter.limit` (0: all); gives how many
    /// it selects in all (so that a cut list can say what it left out).
    @discardableResult
    public func forEachOrder(_ filter: OrderFilter, _ body: (OrderSummary) throws -> Void) throws -> Int {
        try forEachOrder(
            filter,
            state: { number, id in
                guard let order = try ledger.order(number) else {
                    if try ledger.lags(.orders) { return nil }  // placed after the read model's checkpoint
                    throw StoreError.corrupt("order \(id) has no state")
                }
                return order.state
            },
            // The read models count every order and the orders per status (written in the same
            // commits): no need to walk past the rows shown to count the rest.
            everyOrder: filter.filtersOnlyByStatus ? { try matchingCount(filter.statuses) } : nil, body)
    }

    /// How many orders the `orders` read model holds in `statuses` (all of them when empty).
    private func matchingCount(_ statuses: Set<OrderStatus>) throws -> Int {
        guard !statuses.isEmpty else { return try ledger.count(\.orders) }
        let counts = try ledger.statusCounts()
        return statuses.reduce(0) { $0 + Int(counts[$1]) }
    }

    /// The orders `filter` selects among those that `state` gives a state for (`nil`: left out),
    /// named by this snapshot's dictionaries, in the filter's order, at most `filter.limit` (0:
    /// all); gives how many it selects in all. `everyOrder`: how many orders match, asked instead
    /// of walking on once the limit is reached. `pastTheCustomerIndex`: a customer's
    /// orders also among those placed after the `orders` read model's checkpoint, which the
    /// customer index lists only from then on (an as-of walk, whose states a replay of the log
    /// gives; the stored read model has none for them).
    @discardableResult
    func forEachOrder(
        _ filter: OrderFilter, pastTheCustomerIndex: Bool = false, state: (OrderNumber, String) throws -> OrderState?,
        everyOrder: (() throws -> Int)? = nil, _ body: (OrderSummary) throws -> Void
    ) throws -> Int {
        var names = NameLookup(ledger)
        let limit = filter.limit == 0 ? Int.max : filter.limit
        var matched = 0
        // A sorted listing needs every match before its first row; it keeps the states it met.
        var sortable: [(id: String, state: OrderState)] = []
        /// Visits one order; `false` once the walk may stop (the limit reached and the total known).
        func keep(_ id: String, _ number: OrderNumber) throws -> Bool {
            if matched >= limit, filter.sort == nil, let everyOrder {
                matched = try everyOrder()
                return false
            }
            guard let state = try state(number, id), filter.admits(state) else { return true }
            matched += 1
            if filter.sort != nil {
                sortable.append((id, state))
            } else if matched <= limit {
                try body(OrderSummary(orderID: id, customerID: try names.customer(state.customer), state: state))
            }
            return true
        }
        if let customerID = filter.customer {
            if let customer = try ledger.customerNumber(customerID) {
                let first = LedgerTransaction.customerOrderKey(customer, OrderNumber(0))
                var orders = try ledger.scan(\.customerOrders, from: first) { entries in
                    var orders: [(String, OrderNumber)] = []
                    for entry in entries {
                        let key = BigEndianKey64.decode(entry.key)
                        guard key >> 32 == UInt64(customer.rawValue) else { break }
                        let number = OrderNumber(UInt32(truncatingIfNeeded: key))
                        orders.append((try names.order(number), number))
                    }
                    return orders
                }
                if pastTheCustomerIndex {
                    for index in try ledger.rowNumberBound(\.orders)..<(try ledger.count(\.orderNames)) {
                        let number = OrderNumber(UInt32(index))
                        let id = try names.order(number)
                        if try state(number, id)?.customer == customer { orders.append((id, number)) }
                    }
                }
                for (id, number) in orders.sorted(by: { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }) {
                    guard try keep(id, number) else { break }
                }
            }
        } else {
            try ledger.forEachIDInKeyOrder(ids: \.orderIDs, names: \.orderNames) { id, number in
                try keep(String(decoding: id, as: UTF8.self), OrderNumber(number))
            }
        }
        if let sort = filter.sort {
            // Ties keep the order id order the walk met them in.
            let sorted = sortable.enumerated().sorted { lhs, rhs in
                sort.precedes(lhs.element.state, rhs.element.state)
                    || (!sort.precedes(rhs.element.state, lhs.element.state) && lhs.offset < rhs.offset)
            }
            for (_, row) in sorted.prefix(limit) {
                try body(OrderSummary(orderID: row.id, customerID: try names.customer(row.state.customer), state: row.state))
            }
        }
        return matched
    }

    /// The events with `from` ≤ seq ≤ `through`, in seq order, at most `limit`; `currency` gives
    /// every row its order's currency.
    public func forEachEvent(
        from: UInt64 = 1, through: UInt64 = .max, limit: Int = .max, currency: Bool = false,
        _ body: (EventRow) throws -> Void
    ) throws {
        guard limit > 0, from <= through else { return }
        var count = 0
        var names = EventNames()
        try ledger.scan(\.log, from: BigEndianKey64(from)) { entries in
            for entry in entries {
                let seq = LedgerTransaction.seq(entry.key)
                if seq > through { break }
                try body(try ledger.eventRow(seq: seq, bytes: entry.value, currency: currency, names: &names))
                count += 1
                if count == limit { break }
            }
        }
    }

    /// One order's events with `from` ≤ seq ≤ `through`, oldest first, at most `limit`; `false`
    /// when there is no order with this id.
    public func forEachEvent(
        ofOrder id: String, from: UInt64 = 1, through: UInt64 = .max, limit: Int = .max, currency: Bool = false,
        _ body: (EventRow) throws -> Void
    ) throws -> Bool {
        guard let orderID = OrderID(id), let latest = try ledger.latestEvent(of: orderID) else { return false }
        var count = 0
        var names = EventNames()
        for seq in try ledger.streamSeqs(of: latest.number, latest: latest.seq) where seq >= from && seq <= through {
            guard count < limit else { break }
            guard let bytes = try ledger.value(\.log, BigEndianKey64(seq)) else {
                throw StoreError.corrupt("order \(id)'s stream names seq \(seq), which is not in the log")
            }
            try body(try ledger.eventRow(seq: seq, bytes: bytes, currency: currency, names: &names))
            count += 1
        }
        return true
    }

    /// Every event with seq ≤ `through`, in seq order, each with the command id it was accepted
    /// under (what `orders export` writes): the log and `commands` (keyed by seq) walked side by
    /// side, in constant memory.
    public func forEachEventWithCommandID(through: UInt64, _ body: (EventRow) throws -> Void) throws {
        var names = EventNames()
        try ledger.withCursor(\.commands) { commands in
            var command = try commands.first()
            try ledger.scan(\.log) { entries in
                for entry in entries {
                    let seq = LedgerTransaction.seq(entry.key)
                    if seq > through { break }
                    var commandID: String?
                    if let claimed = command {
                        guard claimed.key.count == MemoryLayout<UInt64>.size else {
                            throw StoreError.corrupt(
                                "a command id is stored under a key of \(claimed.key.count) bytes, not a seq (a store of "
                                    + "format 2 keys them by id until it is opened for writing once: run orders rebuild)")
                        }
                        let claimedSeq = LedgerTransaction.seq(claimed.key)
                        guard claimedSeq >= seq else {
                            throw StoreError.corrupt("a command id names seq \(claimedSeq), which is not in the log")
                        }
                        if claimedSeq == seq {
                            commandID = String(decoding: try ledger.storedCommandID(claimed.value, seq: seq), as: UTF8.self)
                            command = try commands.next()
                        }
                    }
                    if ledger.databases.checked, (commandID != nil) != Self.carriesCommandID(entry.value) {
                        throw StoreError.corrupt(
                            "commands: seq \(seq) \(commandID == nil ? "has lost its command id" : "holds a command id its event was accepted without") (orders verify lists the damage)"
                        )
                    }
                    try body(
                        try ledger.eventRow(seq: seq, bytes: entry.value, currency: false, commandID: commandID, names: &names))
                }
            }
        }
    }
}

extension LedgerSnapshot {
    /// Whether the logged event `bytes` says it was accepted with a command id (format 6).
    // Safe: the flags byte is read only when `bytes` reaches it.
    static func carriesCommandID(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count > EventLayout.flags && bytes[EventLayout.flags] & EventLayout.commandIDFlag != 0
    }
}

extension LedgerStore {
    /// Runs `body` in one consistent read snapshot (it never sees half a commit).
    public func snapshot<R>(_ body: (LedgerSnapshot) throws -> R) throws -> R {
        try read { try body(LedgerSnapshot(ledger: $0)) }
    }
}
