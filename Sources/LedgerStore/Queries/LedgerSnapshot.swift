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

    /// The orders `filter` selects, sorted by order id (byte order), at most `filter.limit` (0: all).
    public func forEachOrder(_ filter: OrderFilter, _ body: (OrderSummary) throws -> Void) throws {
        try forEachOrder(
            filter,
            state: { number, id in
                guard let order = try ledger.order(number) else {
                    if try ledger.lags(.orders) { return nil }  // placed after the read model's checkpoint
                    throw StoreError.corrupt("order \(id) has no state")
                }
                return order.state
            }, body)
    }

    /// The orders `filter` selects among those that `state` gives a state for (`nil`: left out),
    /// named by this snapshot's dictionaries, sorted by order id, at most `filter.limit` (0: all).
    /// `pastTheCustomerIndex`: a customer's orders also among those placed after the `orders` read
    /// model's checkpoint, which the customer index lists only from then on (an as-of walk, whose
    /// states a replay of the log gives; the stored read model has none for them).
    func forEachOrder(
        _ filter: OrderFilter, pastTheCustomerIndex: Bool = false, state: (OrderNumber, String) throws -> OrderState?,
        _ body: (OrderSummary) throws -> Void
    ) throws {
        var names = NameLookup(ledger)
        let limit = filter.limit == 0 ? Int.max : filter.limit
        var count = 0
        func keep(_ id: String, _ number: OrderNumber) throws {
            guard let state = try state(number, id) else { return }
            if let status = filter.status, state.status != status { return }
            count += 1
            try body(OrderSummary(orderID: id, customerID: try names.customer(state.customer), state: state))
        }
        if let customerID = filter.customer {
            guard let customer = try ledger.customerNumber(customerID) else { return }
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
                if count == limit { break }
                try keep(id, number)
            }
            return
        }
        try ledger.forEachIDInKeyOrder(ids: \.orderIDs, names: \.orderNames) { id, number in
            guard count < limit else { return false }
            try keep(String(decoding: id, as: UTF8.self), OrderNumber(number))
            return true
        }
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
