internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// One LMDB transaction seen through the store's schema. Borrowed values never escape it.
/// The rest of the store reaches LMDB only through it: `txn` and `databases` are for its own
/// extensions in `Schema/`.
struct LedgerTransaction {
    let txn: Transaction
    let databases: LedgerDatabases

    /// A database of the schema, named by its property in `LedgerDatabases`.
    typealias Table = KeyPath<LedgerDatabases, Database>

    // MARK: Walking and rewriting whole databases

    /// Runs `body` with the entries of `table` in key order (borrowed: valid in `body` only).
    func scan<R>(_ table: Table, _ body: (Cursor.Entries) throws -> R) throws -> R {
        try txn.withCursor(databases[keyPath: table]) { try body($0.entries()) }
    }

    /// Runs `body` with the entries of `table` whose keys are at least `key`, in key order.
    func scan<R>(_ table: Table, from key: some LMDBBytes, _ body: (Cursor.Entries) throws -> R) throws -> R {
        try txn.withCursor(databases[keyPath: table]) { try body($0.entries(from: key)) }
    }

    /// Runs `body` in a transaction nested in this write transaction (see `Transaction.nested`).
    func nested<R>(_ body: (LedgerTransaction) throws -> R) throws -> R {
        try txn.nested { try body(LedgerTransaction(txn: $0, databases: databases)) }
    }

    /// Runs `body` with a cursor over `table` (for a walk that reads ahead of itself).
    func withCursor<R>(_ table: Table, _ body: (Cursor) throws -> R) throws -> R {
        try txn.withCursor(databases[keyPath: table], body)
    }

    /// The number of entries in `table`.
    func count(_ table: Table) throws -> Int { try txn.count(databases[keyPath: table]) }

    /// The value stored under `key` in `table`, borrowed.
    func value(_ table: Table, _ key: some LMDBBytes) throws -> UnsafeRawBufferPointer? {
        try txn.get(databases[keyPath: table], key)
    }

    /// Stores `value` under `key` in `table`.
    func put(_ table: Table, _ key: some LMDBBytes, _ value: some LMDBBytes) throws {
        try txn.put(databases[keyPath: table], key, value)
    }

    /// Stores `count` bytes under `key` in `table`, written in place by `fill`: appended through
    /// `appender` (a cursor of `table`) when `key` is greater than every key of `table`, else put.
    func put(
        _ table: Table, _ key: some LMDBBytes, reserving count: Int, appendingTo appender: TableAppender? = nil,
        fill: (UnsafeMutableRawBufferPointer) -> Void
    ) throws {
        if let appender {
            try appender.append(key, reserving: count, fill: fill)
        } else {
            try txn.put(databases[keyPath: table], key, reserving: count, fill: fill)
        }
    }

    /// Empties `table`, to be refilled in key order with `append`.
    func clear(_ table: Table) throws { try txn.clear(databases[keyPath: table]) }

    /// Appends an entry whose key is greater than every key of `table`.
    func append(_ table: Table, _ key: some LMDBBytes, _ value: some LMDBBytes) throws {
        try txn.put(databases[keyPath: table], key, value, flags: .append)
    }

    /// Calls `body` with an appender of entries to `table`, through one cursor.
    func appending<R>(to table: Table, _ body: (TableAppender) throws -> R) throws -> R {
        try withCursor(table) { try body(TableAppender(cursor: $0)) }
    }

    // MARK: Log

    /// The seq of the last event, 0 for an empty log.
    func headSeq() throws -> UInt64 {
        try txn.withCursor(databases.log) { cursor in
            guard let last = try cursor.last() else { return 0 }
            // Read as 0, a damaged key would make the log look empty to a replay.
            guard last.key.count == 8 else {
                throw StoreError.corrupt("the log's last key is \(last.key.count) bytes, not a seq")
            }
            return BigEndianKey64.decode(last.key)
        }
    }

    /// The seq of a log entry's key.
    static func seq(_ key: UnsafeRawBufferPointer) -> UInt64 { BigEndianKey64.decode(key) }

    /// Appends the event `encoded` (in `EventCodec`'s layout) at `seq`, greater than every seq
    /// logged, through `log` (an appender to `\.log`); its bytes go into `chain`.
    static func appendEvent(
        seq: UInt64, encoded: UnsafeRawBufferPointer, to log: TableAppender, chaining chain: inout ChainWriter
    ) throws {
        try log.append(BigEndianKey64(seq), encoded)
        chain.add(seq: seq, encoded)
    }

    /// The event at `seq`, its numbers checked against the dictionaries (`EventBounds`).
    func event(seq: UInt64) throws -> DecodedEvent? {
        guard let bytes = try txn.get(databases.log, BigEndianKey64(seq)) else { return nil }
        do {
            if let wrong = try eventBounds().problem(with: try EncodedEvent(bytes), seq: seq) {
                throw StoreError.damagedLog(seq: seq, detail: wrong)
            }
            return try EventCodec.decode(bytes)
        } catch StoreError.corrupt(let detail) {
            throw StoreError.damagedLog(seq: seq, detail: detail)
        }
    }

    /// What the numbers of an event may be, as the id dictionaries count them now.
    func eventBounds() throws -> EventBounds {
        EventBounds(orders: try count(\.orderNames), customers: try count(\.customerNames), skus: try count(\.skuNames))
    }

    // MARK: Orders

    /// The order's number, if the id was placed (also while `order_ids` lags, see `indexIDs`).
    func orderNumber(_ id: OrderID) throws -> OrderNumber? {
        try number(of: id.rawValue, ids: \.orderIDs, names: \.orderNames).map(OrderNumber.init)
    }

    /// The order with this number; its customer number is checked against the customers named.
    func order(_ number: OrderNumber) throws -> StoredOrder? {
        guard let bytes = try txn.get(databases.orders, BigEndianKey32(number.rawValue)) else { return nil }
        return try storedOrder(number, bytes, customers: try count(\.customerNames))
    }

    /// Calls `body` with every stored order whose number lies in `numbers`, in number order.
    func forEachOrder(in numbers: ClosedRange<UInt32>, _ body: (StoredOrder) throws -> Void) throws {
        let customers = try count(\.customerNames)
        try forEachEntry(of: \.orders, numbered: numbers) { number, bytes in
            try body(try storedOrder(OrderNumber(number), bytes, customers: customers))
        }
    }

    /// Calls `body` with every entry of `table` (keyed by big-endian numbers: `orders`,
    /// `customers`, `skus`) whose number lies in `numbers`, in number order, its value borrowed:
    /// one walk of the pages that hold them, where reading each alone searches the tree.
    func forEachEntry(
        of table: Table, numbered numbers: ClosedRange<UInt32>, _ body: (UInt32, UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try scan(table, from: BigEndianKey32(numbers.lowerBound)) { entries in
            for entry in entries {
                guard entry.key.count == 4 else {
                    throw StoreError.corrupt("a key of \(entry.key.count) bytes where an order, customer or sku number belongs")
                }
                let number = BigEndianKey32.decode(entry.key)
                guard number <= numbers.upperBound else { break }
                try body(number, entry.value)
            }
        }
    }

    /// The order stored as `bytes` under `number`, checked against the `customers` ids the store holds.
    private func storedOrder(_ number: OrderNumber, _ bytes: UnsafeRawBufferPointer, customers: Int) throws -> StoredOrder {
        let state: OrderState
        let lastSeq: UInt64
        do {
            (state, lastSeq) = try OrderStateCodec.decode(bytes)
        } catch .corrupt(let detail) {
            throw StoreError.corrupt("order number \(number.rawValue): \(detail)")
        }
        guard state.customer.index < customers else {
            throw StoreError.corrupt(
                "order number \(number.rawValue) names customer number \(state.customer.rawValue), which has no id")
        }
        return StoredOrder(number: number, state: state, lastSeq: lastSeq)
    }

    /// The order named `id`; `nil` when there is none, or when the `orders` read model is behind
    /// the log and the order was placed after its checkpoint.
    func order(_ id: OrderID) throws -> StoredOrder? {
        guard let number = try orderNumber(id) else { return nil }
        guard let order = try order(number) else {
            if try lags(.orders) { return nil }  // placed after the read model's checkpoint
            throw StoreError.corrupt("order \(id) has number \(number.rawValue) but no state")
        }
        return order
    }

    func putOrder(_ order: StoredOrder, appendingTo appender: TableAppender? = nil) throws {
        try put(\.orders, BigEndianKey32(order.number.rawValue), reserving: OrderStateCodec.size, appendingTo: appender) {
            buffer in
            OrderStateCodec.encode(order.state, lastSeq: order.lastSeq, into: buffer)
        }
    }

    func orderID(_ number: OrderNumber) throws -> String? {
        try txn.get(databases.orderNames, BigEndianKey32(number.rawValue)).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Customers and skus

    /// The dense number stored as the value of an id dictionary entry.
    static func denseNumber(_ bytes: UnsafeRawBufferPointer) throws(StoreError) -> UInt32 {
        guard let number = LittleEndianValue<UInt32>.decode(bytes) else {
            throw StoreError.corrupt("an id maps to \(bytes.count) bytes, not a number")
        }
        return number
    }

    /// The customer's number, if any placed order named it (also while `customer_ids` lags).
    func customerNumber(_ id: String) throws -> CustomerNumber? {
        try number(of: id, ids: \.customerIDs, names: \.customerNames).map(CustomerNumber.init)
    }

    func customerID(_ number: CustomerNumber) throws -> String? {
        try txn.get(databases.customerNames, BigEndianKey32(number.rawValue)).map { String(decoding: $0, as: UTF8.self) }
    }

    func sku(_ number: SKUNumber) throws -> String? {
        try txn.get(databases.skuNames, BigEndianKey32(number.rawValue)).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Imports of format 1

    func importProgress(_ digest: [UInt8]) throws -> ImportProgress? {
        try txn.get(databases.imports, digest).map { bytes throws(StoreError) in try ImportProgress(decoding: bytes) }
    }

    /// Removes format 1's record of an import (adopted as a batch record).
    func removeImportProgress(_ digest: [UInt8]) throws {
        try txn.delete(databases.imports, digest)
    }

}
