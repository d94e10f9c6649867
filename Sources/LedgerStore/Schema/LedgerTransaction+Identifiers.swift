internal import LMDB
internal import LedgerDomain

/// The id dictionaries as the importer writes them: numbers are handed out in memory
/// (`IdentifierTable`), each new id is appended to its `…_names` database at once, and the
/// chunk's new `…_ids` entries and `customer_orders` keys are written sorted before it commits,
/// so that consecutive writes land on neighbouring pages.
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

    /// Writes each id → number entry into `ids` (an `…_ids` database), in id byte order; drops the
    /// pages of `region` every few writes.
    func putIDs(_ entries: [(id: String, number: UInt32)], into ids: Table, releasing region: MappedRegion?) throws {
        var releaser = WriteBackReleaser(region)
        // Sorted by their first eight bytes, then, when those are the same, in full: ids are ASCII
        // (SPEC §2), for which `String`'s order is byte order. Compared as `String`s alone, the
        // sort was three fifths of the writes of ids 6–64 characters long.
        var order = entries.indices.map { (prefix: Self.leadingBytes(of: entries[$0].id), index: $0) }
        order.sort { $0.prefix != $1.prefix ? $0.prefix < $1.prefix : entries[$0.index].id < entries[$1.index].id }
        for (_, index) in order {
            try put(ids, entries[index].id, LittleEndianValue(entries[index].number))
            releaser.wrote()
        }
    }

    /// The first eight bytes of `id` as a big-endian number (zeros past a shorter id's end): in
    /// the order of the ids' bytes, as far as it tells them apart (ids hold no zero byte).
    static func leadingBytes(of id: String) -> UInt64 {
        var value: UInt64 = 0
        var shift = 56
        for byte in id.utf8.prefix(8) {
            value |= UInt64(byte) << UInt64(shift)
            shift -= 8
        }
        return value
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
