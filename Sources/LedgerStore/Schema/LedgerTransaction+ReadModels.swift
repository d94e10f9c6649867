internal import LMDB
internal import LedgerDomain
internal import LedgerServices

extension LedgerTransaction {
    func customerRow(_ number: CustomerNumber) throws -> CustomerTotals? {
        try value(\.customers, BigEndianKey32(number.rawValue)).map { bytes throws(StoreError) in
            try ReadModelCodec.customer(bytes)
        }
    }

    /// Stores customer row `number`: appended through `appender` when its number is past every stored one.
    func putCustomerRow(_ number: CustomerNumber, _ row: CustomerTotals, appendingTo appender: TableAppender? = nil) throws {
        try put(\.customers, BigEndianKey32(number.rawValue), reserving: ReadModelCodec.size(of: row), appendingTo: appender) {
            ReadModelCodec.encode(row, into: $0)
        }
    }

    /// One past the largest number that keys `table` (`orders`, `customers` or `skus`, keyed by
    /// big-endian numbers), 0 when it is empty: no row numbered from there on is stored.
    func rowNumberBound(_ table: Table) throws -> Int {
        try withCursor(table) { cursor in
            guard let last = try cursor.last() else { return 0 }
            guard last.key.count == 4 else { throw StoreError.corrupt("a read model row has a key of \(last.key.count) bytes") }
            return Int(BigEndianKey32.decode(last.key)) + 1
        }
    }

    func skuRow(_ number: SKUNumber) throws -> SKUTotals? {
        try value(\.skus, BigEndianKey32(number.rawValue)).map { bytes throws(StoreError) in
            try ReadModelCodec.sku(bytes)
        }
    }

    /// Stores sku row `number`: appended through `appender` when its number is past every stored one.
    func putSKURow(_ number: SKUNumber, _ row: SKUTotals, appendingTo appender: TableAppender? = nil) throws {
        try put(\.skus, BigEndianKey32(number.rawValue), reserving: ReadModelCodec.size(of: row), appendingTo: appender) {
            ReadModelCodec.encode(row, into: $0)
        }
    }

    func revenueRow(_ key: RevenueKey) throws -> RevenueTotals? {
        try value(\.revenue, ReadModelCodec.key(key)).map { bytes throws(StoreError) in
            try ReadModelCodec.revenue(bytes)
        }
    }

    func putRevenueRow(_ key: RevenueKey, _ row: RevenueTotals) throws {
        try put(\.revenue, ReadModelCodec.key(key), ReadModelCodec.encode(row))
    }

    /// The key of the one row of `stats`.
    static let statusCountsKey = "by_status"

    func statusCounts() throws -> StatusCounts {
        try value(\.stats, Self.statusCountsKey).map { bytes throws(StoreError) in
            try ReadModelCodec.statusCounts(bytes)
        } ?? StatusCounts()
    }

    func putStatusCounts(_ counts: StatusCounts) throws {
        try put(\.stats, Self.statusCountsKey, ReadModelCodec.encode(counts))
    }

    /// The last seq folded into the read model `name` (0: none); throws when its checkpoint fails
    /// its check, lies beyond the log, or is missing while the read model holds rows (format 6):
    /// an import or rebuild that trusted it would fold events twice or leave some out.
    func checkpoint(_ name: ReadModelName) throws -> UInt64 {
        guard let bytes = try value(\.checkpoints, name.rawValue) else {
            if databases.checked, try count(Checkpoints.table(of: name)) > 0 {
                throw StoreError.corrupt("checkpoints: \(name.rawValue) has lost its checkpoint, but its read model holds rows")
            }
            return 0
        }
        guard let seq = databases.checked ? Checkpoints.seq(in: bytes, name: name) : LittleEndianValue<UInt64>.decode(bytes)
        else {
            throw StoreError.corrupt("checkpoints: the checkpoint of \(name.rawValue) fails its check")
        }
        guard seq <= (try headSeq()) else {
            throw StoreError.corrupt("the checkpoint of \(name.rawValue) is seq \(seq), beyond the log")
        }
        return seq
    }

    /// Whether the read model is behind the log: an import under way, or one that did not finish,
    /// writes the read models back only with its last chunk, so ids named since the checkpoint
    /// may have no order state or row yet (a query leaves them out; anywhere else it is damage).
    func lags(_ name: ReadModelName) throws -> Bool { try checkpoint(name) < headSeq() }

    func putCheckpoint(_ name: ReadModelName, _ seq: UInt64) throws {
        try put(\.checkpoints, name.rawValue, Checkpoints.value(seq, name: name))
    }

    static func customerOrderKey(_ customer: CustomerNumber, _ order: OrderNumber) -> BigEndianKey64 {
        BigEndianKey64(UInt64(customer.rawValue) << 32 | UInt64(order.rawValue))
    }

    /// The order's events in version order, found by walking its chain of previous-seq pointers
    /// back from its latest event.
    func stream(of order: StoredOrder) throws -> [(seq: UInt64, event: OrderEvent)] {
        try stream(of: order.number, latest: order.lastSeq, version: order.state.version)
    }

    /// The events of order `number`, oldest first, walked back along the stream's chain from its
    /// event at `latest`, the `version`-th (by default the version that event says it is).
    func stream(of number: OrderNumber, latest: UInt64, version: UInt32? = nil) throws -> [(
        seq: UInt64, event: OrderEvent
    )] {
        var events: [(seq: UInt64, event: OrderEvent)] = []
        var seq = latest
        var length = version
        while seq != 0 {
            guard let decoded = try event(seq: seq), decoded.event.order == number,
                events.count < length ?? decoded.event.version, decoded.previousSeq < seq
            else {
                throw StoreError.corrupt("order number \(number.rawValue)'s stream breaks at seq \(seq)")
            }
            length = length ?? decoded.event.version
            events.append((seq, decoded.event))
            seq = decoded.previousSeq
        }
        return events.reversed()
    }

    /// The seq of the latest event of order `id` in the log, with its number; `nil` when the log
    /// holds no such order. Read from the `orders` read model, or, while it is behind the log,
    /// looked for in the log after its checkpoint first (at most what one import appended).
    func latestEvent(of id: OrderID) throws -> (number: OrderNumber, seq: UInt64)? {
        guard let number = try orderNumber(id) else { return nil }
        let stored = try order(number)?.lastSeq
        let checkpoint = try self.checkpoint(.orders)
        guard checkpoint < (try headSeq()) else {
            guard let stored else { throw StoreError.corrupt("order \(id) has number \(number.rawValue) but no state") }
            return (number, stored)
        }
        var latest = stored
        try scan(\.log, from: BigEndianKey64(checkpoint + 1)) { entries in
            for entry in entries where try EncodedEvent(entry.value).order == number {
                latest = Self.seq(entry.key)
            }
        }
        return latest.map { (number, $0) }
    }
}
