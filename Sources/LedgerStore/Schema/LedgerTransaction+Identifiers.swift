import Glibc
internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// The id dictionaries as the importer writes them: numbers are handed out in memory
/// (`IdentifierTable`), each new id is appended to its `…_names` database with its chunk, and the
/// import's new `…_ids` entries and `customer_orders` keys are written sorted with the read
/// models, so that consecutive writes land on neighbouring pages.
extension LedgerTransaction {
    /// Calls `body` with the ids of `names` (an `…_names` database) from number `first` on, in
    /// number order, while it returns `true`; a gap or a repeat in the numbering is damage.
    func forEachID(in names: Table, from first: Int, _ body: (UnsafeRawBufferPointer) throws -> Bool) throws {
        try scan(names, from: BigEndianKey32(UInt32(first))) { entries in
            var expected = first
            for entry in entries {
                guard entry.key.count == 4, Int(BigEndianKey32.decode(entry.key)) == expected else {
                    throw StoreError.corrupt("an id dictionary skips or repeats number \(expected)")
                }
                expected += 1
                guard try body(entry.value) else { break }
            }
        }
    }

    /// Appends `id` as number `number` (the next number) through `names`, an appender to a
    /// `…_names` database.
    static func appendID(_ id: String, number: UInt32, to names: TableAppender) throws {
        try id.withUTF8Bytes { try names.append(BigEndianKey32(number), $0) }
    }

    /// The `…_names` and `…_ids` databases of the ids that name the rows of `model` (orders,
    /// customers or skus; none for the others).
    static func idDatabases(of model: ReadModelName) -> (names: Table, ids: Table)? {
        switch model {
        case .orders: (\.orderNames, \.orderIDs)
        case .customers: (\.customerNames, \.customerIDs)
        case .skus: (\.skuNames, \.skuIDs)
        case .revenue, .stats: nil
        }
    }

    /// Maps in `ids` (an `…_ids` database) the ids of `names` past the ones it maps. Since format
    /// 5 an import writes its new ids into `ids` with the read models (`PendingReadModels`), not
    /// with each chunk, whose random inserts rewrote pages all over `ids` at every commit: `ids`
    /// maps the first `count(ids)` numbers of `names`, the ones named up to the checkpoint of the
    /// read model they name (`idDatabases`), and is brought up with it. Written in key order:
    /// appended past the last key stored (all of them into an empty database), the others put
    /// unless `ids` has them already (a damaged store's; `orders verify` tells). Drops the pages of
    /// `region` every few writes; gives back how many it wrote. `sorted`: those ids sorted
    /// before (an import's, `SortedNewIDs`), used when they are exactly the ones `ids` lacks.
    @discardableResult
    func indexIDs(of names: Table, into ids: Table, sorted: UnmappedIDs? = nil, releasing region: MappedRegion?) throws
        -> Int
    {
        let mapped = try count(ids)
        let named = try count(names)
        guard mapped < named else { return 0 }
        let unmapped =
            if let sorted, sorted.first == mapped, sorted.first + sorted.count == named { sorted } else {
                try UnmappedIDs(names, from: mapped, in: self, releasing: region)
            }
        region?.releasePages()
        let last = try withCursor(ids) { cursor in try cursor.last().map { Array($0.key) } }
        var releaser = WriteBackReleaser(region)
        var written = 0
        // Where the greatest key `ids` holds lies among the unmapped ids, once the last one stored
        // is passed: the next is appended only past it (a repeated id of a damaged `names` is not).
        var greatest: Int?
        // In key order, every put before the appends, which go through one cursor (`TableAppender`).
        try appending(to: ids) { appender in
            for position in 0..<unmapped.count {
                try unmapped.withID(at: position) { key, number in
                    // What a batch can name (SPEC §2): anything else in `names` is damage, not a key.
                    guard LedgerLimits.identifierLength.contains(key.count) else {
                        throw StoreError.corrupt(
                            "number \(number) of the ids has \(key.count) bytes; orders verify lists the damage")
                    }
                    let value = LittleEndianValue(UInt32(number))
                    if let greatest {
                        guard unmapped.withID(at: greatest, { id, _ in UnmappedIDs.precedes(id, key) }) else { return }
                    } else if let last, !last.withUnsafeBytes({ UnmappedIDs.precedes($0, key) }) {
                        do {
                            try txn.put(databases[keyPath: ids], key, value, flags: .noOverwrite)
                            written += 1
                        } catch let error as LMDBError where error.isKeyExists {}
                        return
                    }
                    try value.withLMDBBytes { try appender.append(key, $0) }
                    written += 1
                    greatest = position
                }
                releaser.wrote()
            }
        }
        return written
    }

    /// Calls `body` with each id of `names` and its number, in key order, while it returns
    /// `true`: the entries of `ids` (borrowed), and among them, while `ids` lags `names` (see
    /// `indexIDs`), the ids it does not map yet, sorted. What lists every order, customer or sku
    /// walks, so that one named by an import that did not finish is listed where the log has it
    /// (`--as-of`).
    func forEachIDInKeyOrder(ids: Table, names: Table, _ body: (UnsafeRawBufferPointer, UInt32) throws -> Bool) throws {
        let mapped = try count(ids)
        let unmapped = mapped < (try count(names)) ? try UnmappedIDs(names, from: mapped, in: self, releasing: nil) : nil
        var next = 0
        // Hands `body` the unmapped ids before `key` (all that are left for `nil`); whether to go on.
        // An id named twice or already mapped (a damaged store's; `orders verify` tells) is handed
        // on once.
        func unmappedIDs(before key: UnsafeRawBufferPointer?) throws -> Bool {
            guard let unmapped else { return true }
            while next < unmapped.count {
                let repeated =
                    next > 0
                    && unmapped.withID(at: next - 1) { previous, _ in
                        unmapped.withID(at: next) { id, _ in id.elementsEqual(previous) }
                    }
                let goOn = try unmapped.withID(at: next) { id, number -> Bool? in
                    if let key, !UnmappedIDs.precedes(id, key) { return id.elementsEqual(key) ? true : nil }
                    return repeated ? true : try body(id, UInt32(number))
                }
                guard let goOn else { return true }
                next += 1
                guard goOn else { return false }
            }
            return true
        }
        let finished = try scan(ids) { entries in
            for entry in entries {
                guard try unmappedIDs(before: entry.key) else { return false }
                guard try body(entry.key, try Self.denseNumber(entry.value)) else { return false }
            }
            return true
        }
        if finished { _ = try unmappedIDs(before: nil) }
    }

    /// The number `ids` maps `id` to; while `ids` lags `names` (see `indexIDs`), looked for also
    /// among the ids of `names` it does not map yet (at most what the imports since the read
    /// model's checkpoint named), only when `ids` does not have it.
    func number(of id: String, ids: Table, names: Table) throws -> UInt32? {
        if let bytes = try value(ids, id) { return try Self.denseNumber(bytes) }
        var number = try count(ids)
        guard number < (try count(names)) else { return nil }
        let wanted = Array(id.utf8)
        var found: UInt32?
        try forEachID(in: names, from: number) { stored in
            if stored.elementsEqual(wanted) {
                found = UInt32(number)
                return false
            }
            number += 1
            return true
        }
        return found
    }

    /// The customer→orders keys of `pairs`, sorted: what `indexCustomerOrders` writes.
    static func customerOrderKeys(_ pairs: [(customer: CustomerNumber, order: OrderNumber)]) -> [UInt64] {
        pairs.map { customerOrderKey($0.customer, $0.order).value }.sorted()
    }

    /// Records that each order belongs to its customer (for `list --customer`): `keys`
    /// (`customerOrderKeys`), in their order (appended past the last key stored); drops the pages
    /// of `region` every few writes.
    func indexCustomerOrders(sortedKeys keys: [UInt64], releasing region: MappedRegion?) throws {
        var releaser = WriteBackReleaser(region)
        let last = try withCursor(\.customerOrders) { cursor in
            try cursor.last().map { entry throws(StoreError) in
                guard entry.key.count == 8 else {
                    throw StoreError.corrupt("a customer→orders entry has a key of \(entry.key.count) bytes")
                }
                return BigEndianKey64.decode(entry.key)
            }
        }
        // In key order, every put before the appends, which go through one cursor (`TableAppender`).
        try appending(to: \.customerOrders) { appender in
            for key in keys {
                if let last, key <= last {
                    try put(\.customerOrders, BigEndianKey64(key), [UInt8]())
                } else {
                    try appender.append(BigEndianKey64(key), UnsafeRawBufferPointer(start: nil, count: 0))
                }
                releaser.wrote()
            }
        }
    }
}
