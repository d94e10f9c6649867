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

    /// Appends `id` as number `number` of `names` (the next number).
    func appendID(_ id: String, number: UInt32, to names: Table) throws {
        try append(names, BigEndianKey32(number), id)
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
    /// read model they name (`idDatabases`), and is brought up with it. Written in byte order:
    /// appended past the last key stored (all of them into an empty database). Drops the pages of
    /// `region` every few writes; gives back how many it mapped.
    @discardableResult
    func indexIDs(of names: Table, into ids: Table, releasing region: MappedRegion?) throws -> Int {
        let first = try count(ids)
        guard first < (try count(names)) else { return 0 }
        var bytes: [UInt8] = []
        var ends: [Int] = []
        try forEachID(in: names, from: first) { id in
            bytes.append(contentsOf: id)
            ends.append(bytes.count)
            return true
        }
        region?.releasePages()
        let last = try withCursor(ids) { cursor in try cursor.last().map { Array($0.key) } }
        var releaser = WriteBackReleaser(region)
        try bytes.withUnsafeBytes { raw in
            func id(_ index: Int) -> UnsafeRawBufferPointer {
                UnsafeRawBufferPointer(rebasing: raw[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
            }
            // Sorted by their first eight bytes, then, when those are the same, in full: compared
            // in full alone, the sort of ids 6–64 characters long took three fifths of the writes.
            var order = ends.indices.map { (prefix: Self.leadingBytes(of: id($0)), index: $0) }
            order.sort { $0.prefix != $1.prefix ? $0.prefix < $1.prefix : Self.precedes(id($0.index), id($1.index)) }
            var appending = last == nil
            for (_, index) in order {
                let key = id(index)
                let number = LittleEndianValue(UInt32(first + index))
                if !appending, let last { appending = last.withUnsafeBytes { Self.precedes($0, key) } }
                if appending { try append(ids, key, number) } else { try put(ids, key, number) }
                releaser.wrote()
            }
        }
        return ends.count
    }

    /// Whether key `a` sorts before key `b` in an LMDB database of the default order (bytes
    /// compared as unsigned, a prefix first).
    static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
        return order != 0 ? order < 0 : a.count < b.count
    }

    /// The first eight bytes of `id` as a big-endian number (zeros past a shorter id's end): in
    /// the order of the ids' bytes, as far as it tells them apart (ids hold no zero byte).
    static func leadingBytes(of id: UnsafeRawBufferPointer) -> UInt64 {
        var value: UInt64 = 0
        var shift = 56
        for byte in id.prefix(8) {
            value |= UInt64(byte) << UInt64(shift)
            shift -= 8
        }
        return value
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

    /// Records that each order belongs to its customer (for `list --customer`), in key order
    /// (appended past the last key stored); drops the pages of `region` every few writes.
    func indexCustomerOrders(_ pairs: [(customer: CustomerNumber, order: OrderNumber)], releasing region: MappedRegion?) throws {
        var releaser = WriteBackReleaser(region)
        let last = try withCursor(\.customerOrders) { cursor in
            try cursor.last().map { entry throws(StoreError) in
                guard entry.key.count == 8 else {
                    throw StoreError.corrupt("a customer→orders entry has a key of \(entry.key.count) bytes")
                }
                return BigEndianKey64.decode(entry.key)
            }
        }
        for key in pairs.map({ Self.customerOrderKey($0.customer, $0.order).value }).sorted() {
            if let last, key <= last {
                try put(\.customerOrders, BigEndianKey64(key), [UInt8]())
            } else {
                try append(\.customerOrders, BigEndianKey64(key), [UInt8]())
            }
            releaser.wrote()
        }
    }
}
