internal import LMDB
internal import LedgerDomain

/// Binary layouts of the read model rows, little-endian:
/// - customer: orders, open orders, cancelled (`Int64` each), then currency entries;
/// - sku: units ordered, units cancelled (`Int64` each), then currency entries;
/// - currency entries: a `UInt16` holding the count (with `wideAmounts` set when the amounts are
///   wide), then per currency: code `UInt32`, amount;
/// - revenue: orders placed, orders cancelled (`Int64` each), gross, captured, refunded (40
///   bytes; 64 when the amounts are wide);
/// - status counts: one `Int64` per status, in `OrderStatus` order.
///
/// Money sums are `Int128`, so that they are exact for any log (SPEC §10). A row keeps them as
/// `Int64`s unless one of them does not fit, and then all of its amounts as `Int128`s: rows stay
/// as small as they were, and the rows written before the sums were widened need no rewriting.
/// Counts and units are `Int64`: orders have 32-bit numbers, and an order holds at most 1,000
/// lines of 10^6 units, so no count or sum of units can reach 2^63.
///
/// Decoding checks every number against what a ledger can hold (counts 0…2^32, the dense
/// numbers' range; amounts within ±2^100), so that adding one event to a row read back can never
/// overflow, and that a row is exactly as long as its fields.
enum ReadModelCodec {
    /// The largest count a row may hold: one per order, and orders have 32-bit numbers.
    static let countLimit: Int64 = 1 << 32
    /// The largest magnitude of units a row may hold.
    static let unitsLimit: Int64 = 1 << 62
    /// The largest magnitude of money a row may hold: far above what 2^32 orders of the largest
    /// total can sum to, far below where `Int128` would overflow.
    static let amountLimit: Int128 = 1 << 100
    /// The bit of the currency count that says the amounts are `Int128`.
    static let wideAmounts: UInt16 = 0x8000
    /// The size of a revenue row of `Int64` amounts.
    static let narrowRevenueSize = 5 * 8
    /// The size of a revenue row of `Int128` amounts.
    static let wideRevenueSize = 2 * 8 + 3 * 16
    static func size(of row: CustomerTotals) -> Int { 24 + size(of: row.net) }

    static func encode(_ row: CustomerTotals, into buffer: UnsafeMutableRawBufferPointer) {
        var writer = ByteWriter(buffer)
        writer.write(row.orders)
        writer.write(row.openOrders)
        writer.write(row.cancelled)
        write(row.net, to: &writer)
    }

    static func encode(_ row: CustomerTotals) -> [UInt8] { bytes(size(of: row)) { encode(row, into: $0) } }

    static func customer(_ bytes: UnsafeRawBufferPointer) throws(StoreError) -> CustomerTotals {
        var reader = ByteReader(bytes, what: "a customer row")
        var row = CustomerTotals()
        row.orders = try count(&reader)
        row.openOrders = try count(&reader)
        row.cancelled = try count(&reader)
        row.net = try amounts(&reader)
        try end(reader)
        return row
    }

    static func size(of row: SKUTotals) -> Int { 16 + size(of: row.revenue) }

    static func encode(_ row: SKUTotals, into buffer: UnsafeMutableRawBufferPointer) {
        var writer = ByteWriter(buffer)
        writer.write(row.unitsOrdered)
        writer.write(row.unitsCancelled)
        write(row.revenue, to: &writer)
    }

    static func encode(_ row: SKUTotals) -> [UInt8] { bytes(size(of: row)) { encode(row, into: $0) } }

    static func sku(_ bytes: UnsafeRawBufferPointer) throws(StoreError) -> SKUTotals {
        var reader = ByteReader(bytes, what: "a sku row")
        var row = SKUTotals()
        row.unitsOrdered = try units(&reader)
        row.unitsCancelled = try units(&reader)
        row.revenue = try amounts(&reader)
        try end(reader)
        return row
    }

    /// The size of a customer row (3 fields) or a sku row (2) holding `currencies` `Int64` amounts.
    static func size(fields: Int, currencies: Int) -> Int { fields * 8 + 2 + currencies * 12 }

    /// Encodes a customer row (its 3 counts as `fields`) or a sku row (its 2 units), whose
    /// `currencies` amounts, each within `Int64`, `amounts` hands to `add` in currency order: the
    /// bytes `encode(_:into:)` writes for the same row, from the replay's flat rows without a
    /// `CurrencyAmounts`.
    static func encode(
        fields: some Collection<Int64>, currencies: Int, into buffer: UnsafeMutableRawBufferPointer,
        amounts: ((UInt32, Int64) -> Void) -> Void
    ) {
        var writer = ByteWriter(buffer)
        for field in fields { writer.write(field) }
        writer.write(UInt16(currencies))
        amounts { code, amount in
            writer.write(code)
            writer.write(amount)
        }
    }

    static func encode(_ row: RevenueTotals) -> [UInt8] {
        let amounts = [row.gross, row.captured, row.refunded]
        let narrow = amounts.allSatisfy(fitsNarrow)
        return bytes(narrow ? narrowRevenueSize : wideRevenueSize) { buffer in
            var writer = ByteWriter(buffer)
            writer.write(row.ordersPlaced)
            writer.write(row.ordersCancelled)
            for amount in amounts { write(amount, narrow: narrow, to: &writer) }
        }
    }

    static func revenue(_ bytes: UnsafeRawBufferPointer) throws(StoreError) -> RevenueTotals {
        var reader = ByteReader(bytes, what: "a revenue row")
        let wide = bytes.count == wideRevenueSize
        var row = RevenueTotals()
        row.ordersPlaced = try count(&reader)
        row.ordersCancelled = try count(&reader)
        row.gross = try amount(&reader, wide: wide)
        row.captured = try amount(&reader, wide: wide)
        row.refunded = try amount(&reader, wide: wide)
        try end(reader)
        return row
    }

    static func encode(_ counts: StatusCounts) -> [UInt8] { integers(counts.counts) }

    static func statusCounts(_ bytes: UnsafeRawBufferPointer) throws(StoreError) -> StatusCounts {
        var reader = ByteReader(bytes, what: "the status counts")
        var counts = StatusCounts()
        for status in OrderStatus.allCases { counts[status] = try count(&reader) }
        try end(reader)
        return counts
    }

    /// The key of a revenue row: the day (big-endian `UInt32`), then the currency's three letters,
    /// so that LMDB's byte order is date order, then currency order.
    static func key(_ key: RevenueKey) -> [UInt8] {
        let day = UInt32(truncatingIfNeeded: key.day).bigEndian
        let letters = withUnsafeBytes(of: key.currency.packed.littleEndian) { Array($0.prefix(3)) }
        return withUnsafeBytes(of: day) { Array($0) } + letters
    }

    static func revenueKey(_ bytes: UnsafeRawBufferPointer) throws(StoreError) -> RevenueKey {
        guard bytes.count == 7, let currency = Currency(bytes: UnsafeRawBufferPointer(rebasing: bytes[4...])) else {
            throw StoreError.corrupt("a revenue key is malformed")
        }
        return RevenueKey(day: Int64(BigEndianKey32.decode(bytes)), currency: currency)
    }

    private static func integers(_ values: [Int64]) -> [UInt8] {
        bytes(values.count * 8) { buffer in
            var writer = ByteWriter(buffer)
            for value in values { writer.write(value) }
        }
    }

    private static func bytes(_ count: Int, _ fill: (UnsafeMutableRawBufferPointer) -> Void) -> [UInt8] {
        // Safe: the whole capacity is zeroed before `fill` writes into it.
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.initialize(repeating: 0)
            fill(UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    /// Whether an amount is kept as an `Int64`.
    private static func fitsNarrow(_ amount: Int128) -> Bool { Int64(exactly: amount) != nil }

    private static func size(of amounts: CurrencyAmounts) -> Int { 2 + amounts.count * (amounts.fitsInt64 ? 12 : 20) }

    private static func write(_ amounts: CurrencyAmounts, to writer: inout ByteWriter) {
        let entries = amounts.entries
        let narrow = amounts.fitsInt64
        writer.write(UInt16(entries.count) | (narrow ? 0 : wideAmounts))
        for entry in entries {
            writer.write(entry.currency.packed)
            write(entry.amount, narrow: narrow, to: &writer)
        }
    }

    private static func write(_ amount: Int128, narrow: Bool, to writer: inout ByteWriter) {
        if narrow { writer.write(Int64(truncatingIfNeeded: amount)) } else { writer.write(amount) }
    }

    private static func amounts(_ reader: inout ByteReader) throws(StoreError) -> CurrencyAmounts {
        let field = try reader.read(UInt16.self)
        let wide = field & wideAmounts != 0
        let count = Int(field & ~wideAmounts)
        guard count * (wide ? 20 : 12) <= reader.buffer.count - reader.offset else {
            throw StoreError.corrupt("\(reader.what) is truncated")
        }
        var entries: [(currency: Currency, amount: Int128)] = []
        for _ in 0..<count {
            let currency = Currency(packed: try reader.read())
            guard currency.isCode else { throw StoreError.corrupt("\(reader.what) names a currency that is not a code") }
            entries.append((currency, try amount(&reader, wide: wide)))
        }
        return CurrencyAmounts(entries)
    }

    private static func count(_ reader: inout ByteReader) throws(StoreError) -> Int64 {
        let value: Int64 = try reader.read()
        guard (-countLimit...countLimit).contains(value) else {
            throw StoreError.corrupt("\(reader.what) holds the count \(value)")
        }
        return value
    }

    private static func units(_ reader: inout ByteReader) throws(StoreError) -> Int64 {
        let value: Int64 = try reader.read()
        guard (-unitsLimit...unitsLimit).contains(value) else { throw StoreError.corrupt("\(reader.what) holds \(value) units") }
        return value
    }

    /// An amount: `Int128` in a wide row, else `Int64`.
    private static func amount(_ reader: inout ByteReader, wide: Bool) throws(StoreError) -> Int128 {
        let value = wide ? try reader.read(Int128.self) : Int128(try reader.read(Int64.self))
        guard (-amountLimit...amountLimit).contains(value) else { throw StoreError.corrupt("\(reader.what) holds \(value)") }
        return value
    }

    private static func end(_ reader: ByteReader) throws(StoreError) {
        guard reader.offset == reader.buffer.count else { throw StoreError.corrupt("\(reader.what) has trailing bytes") }
    }
}
