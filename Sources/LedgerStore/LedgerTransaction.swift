internal import LedgerDomain
internal import LMDB

/// One LMDB transaction seen through the store's schema. Borrowed values never escape it.
struct LedgerTransaction {
    let txn: Transaction
    let databases: LedgerDatabases

    // MARK: Log

    /// The seq of the last event, 0 for an empty log.
    func headSeq() throws -> UInt64 {
        try txn.withCursor(databases.log) { cursor in
            try cursor.last().map { BigEndianKey64.decode($0.key) } ?? 0
        }
    }

    /// Appends `event` at `seq` (greater than every seq logged); `previousSeq` chains its order's stream.
    func appendEvent(seq: UInt64, _ event: OrderEvent, names: NameDefinitions, previousSeq: UInt64) throws {
        let size = EventCodec.size(of: event, names: names)
        try txn.put(databases.log, BigEndianKey64(seq), reserving: size, flags: .append) { buffer in
            EventCodec.encode(event, names: names, previousSeq: previousSeq, into: buffer)
        }
    }

    func event(seq: UInt64) throws -> DecodedEvent? {
        guard let bytes = try txn.get(databases.log, BigEndianKey64(seq)) else { return nil }
        return try EventCodec.decode(bytes)
    }

    // MARK: Orders

    /// The order's number, if the id was placed.
    func orderNumber(_ id: OrderID) throws -> OrderNumber? {
        try txn.get(databases.orderIDs, id.rawValue).map { OrderNumber(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
    }

    func order(_ number: OrderNumber) throws -> StoredOrder? {
        try txn.get(databases.orders, BigEndianKey32(number.rawValue)).map { bytes throws(StoreError) in
            let (state, lastSeq) = try OrderStateCodec.decode(bytes)
            return StoredOrder(number: number, state: state, lastSeq: lastSeq)
        }
    }

    func order(_ id: OrderID) throws -> StoredOrder? {
        guard let number = try orderNumber(id) else { return nil }
        guard let order = try order(number) else {
            throw StoreError.corrupt("order \(id) has number \(number.rawValue) but no state")
        }
        return order
    }

    func putOrder(_ order: StoredOrder, flags: WriteFlags = []) throws {
        try txn.put(databases.orders, BigEndianKey32(order.number.rawValue), reserving: OrderStateCodec.size, flags: flags) { buffer in
            OrderStateCodec.encode(order.state, lastSeq: order.lastSeq, into: buffer)
        }
    }

    /// Gives a new order id (one `orderNumber` did not find) the next dense number.
    func defineOrder(_ id: OrderID) throws -> OrderNumber {
        OrderNumber(try define(id.rawValue, ids: databases.orderIDs, names: databases.orderNames))
    }

    func orderID(_ number: OrderNumber) throws -> String? {
        try txn.get(databases.orderNames, BigEndianKey32(number.rawValue)).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Customers and skus

    /// The customer's number, and whether this call defined it.
    func intern(customer id: CustomerID) throws -> (CustomerNumber, isNew: Bool) {
        let (number, isNew) = try intern(id.rawValue, ids: databases.customerIDs, names: databases.customerNames)
        return (CustomerNumber(number), isNew)
    }

    /// The sku's number, and whether this call defined it.
    func intern(sku id: SKU) throws -> (SKUNumber, isNew: Bool) {
        let (number, isNew) = try intern(id.rawValue, ids: databases.skuIDs, names: databases.skuNames)
        return (SKUNumber(number), isNew)
    }

    private func intern(_ name: String, ids: Database, names: Database) throws -> (UInt32, Bool) {
        if let bytes = try txn.get(ids, name) {
            return (UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)), false)
        }
        return (try define(name, ids: ids, names: names), true)
    }

    /// Gives `name` (known to be new) the next dense number in `ids` and `names`.
    private func define(_ name: String, ids: Database, names: Database) throws -> UInt32 {
        let number = UInt32(try txn.count(names))
        var value = number.littleEndian
        try withUnsafeBytes(of: &value) { try txn.put(ids, name, $0) }
        try txn.put(names, BigEndianKey32(number), name, flags: .append)
        return number
    }

    /// The customer's number, if any placed order named it.
    func customerNumber(_ id: String) throws -> CustomerNumber? {
        try txn.get(databases.customerIDs, id).map { CustomerNumber(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
    }

    func customerID(_ number: CustomerNumber) throws -> String? {
        try txn.get(databases.customerNames, BigEndianKey32(number.rawValue)).map { String(decoding: $0, as: UTF8.self) }
    }

    func sku(_ number: SKUNumber) throws -> String? {
        try txn.get(databases.skuNames, BigEndianKey32(number.rawValue)).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Commands and imports

    /// Claims a command id for the event at `seq`; `false` when it was accepted before (a duplicate).
    /// One tree search instead of a lookup and an insert; `releaseCommand` undoes a claim.
    func claimCommand(_ id: CommandID, seq: UInt64) throws -> Bool {
        var value = seq.littleEndian
        do {
            try withUnsafeBytes(of: &value) { try txn.put(databases.commands, id.rawValue, $0, flags: .noOverwrite) }
            return true
        } catch let error as LMDBError where error.isKeyExists {
            return false
        }
    }

    /// Gives back a claimed command id (its record was rejected, which does not use it up).
    func releaseCommand(_ id: CommandID) throws {
        try txn.delete(databases.commands, id.rawValue)
    }

    func importProgress(_ digest: [UInt8]) throws -> ImportProgress? {
        try txn.get(databases.imports, digest).map { bytes throws(StoreError) in try ImportProgress(decoding: bytes) }
    }

}
