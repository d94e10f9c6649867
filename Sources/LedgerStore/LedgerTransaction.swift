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

    func appendEvent(seq: UInt64, _ event: OrderEvent, names: NameDefinitions) throws {
        let size = EventCodec.size(of: event, names: names)
        try txn.put(databases.log, BigEndianKey64(seq), reserving: size, flags: .append) { buffer in
            EventCodec.encode(event, names: names, into: buffer)
        }
        var seqValue = seq.littleEndian
        try withUnsafeBytes(of: &seqValue) { bytes in
            try txn.put(databases.streams, Self.streamKey(event.order, event.version), bytes)
        }
    }

    static func streamKey(_ order: OrderNumber, _ version: UInt32) -> BigEndianKey64 {
        BigEndianKey64(UInt64(order.rawValue) << 32 | UInt64(version))
    }

    func event(seq: UInt64) throws -> OrderEvent? {
        guard let bytes = try txn.get(databases.log, BigEndianKey64(seq)) else { return nil }
        return try EventCodec.decode(bytes).0
    }

    // MARK: Orders

    func order(_ id: OrderID) throws -> (OrderNumber, OrderState)? {
        guard let bytes = try txn.get(databases.orders, id.rawValue) else { return nil }
        return try OrderStateCodec.decode(bytes)
    }

    func putOrder(_ id: OrderID, number: OrderNumber, state: OrderState) throws {
        try txn.put(databases.orders, id.rawValue, reserving: OrderStateCodec.size) { buffer in
            OrderStateCodec.encode(number: number, state: state, into: buffer)
        }
    }

    /// Gives a new order id the next dense number.
    func defineOrder(_ id: OrderID) throws -> OrderNumber {
        let number = UInt32(try txn.count(databases.orderNames))
        try txn.put(databases.orderNames, BigEndianKey32(number), id.rawValue, flags: .append)
        return OrderNumber(number)
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
        let number = UInt32(try txn.count(names))
        var value = number.littleEndian
        try withUnsafeBytes(of: &value) { try txn.put(ids, name, $0) }
        try txn.put(names, BigEndianKey32(number), name, flags: .append)
        return (number, true)
    }

    func customerID(_ number: CustomerNumber) throws -> String? {
        try txn.get(databases.customerNames, BigEndianKey32(number.rawValue)).map { String(decoding: $0, as: UTF8.self) }
    }

    func sku(_ number: SKUNumber) throws -> String? {
        try txn.get(databases.skuNames, BigEndianKey32(number.rawValue)).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Commands and imports

    func commandSeen(_ id: CommandID) throws -> Bool {
        try txn.get(databases.commands, id.rawValue) != nil
    }

    func recordCommand(_ id: CommandID, seq: UInt64) throws {
        var value = seq.littleEndian
        try withUnsafeBytes(of: &value) { try txn.put(databases.commands, id.rawValue, $0) }
    }

    func importProgress(_ digest: [UInt8]) throws -> ImportProgress? {
        try txn.get(databases.imports, digest).map { bytes throws(StoreError) in try ImportProgress(decoding: bytes) }
    }

    func putImportProgress(_ digest: [UInt8], _ progress: ImportProgress) throws {
        try txn.put(databases.imports, digest, reserving: ImportProgress.size) { progress.encode(into: $0) }
    }
}
