internal import LedgerDomain

/// The value of an `orders` entry (store format 1), keyed by the order's number.
/// 74 bytes, little-endian: version, customer, currency (`UInt32` each); total, paid, refunded,
/// placed at, updated at, item count (`Int64` each); line count `UInt32`; status `UInt8`; 0;
/// the seq of the order's latest event `UInt64`. Decoding checks every number against what an
/// order can hold (SPEC §2), so that the import's arithmetic on a state read back cannot overflow.
enum OrderStateCodec {
    static let size = 74

    static func encode(_ state: OrderState, lastSeq: UInt64, into buffer: UnsafeMutableRawBufferPointer) {
        var writer = ByteWriter(buffer)
        writer.write(state.version)
        writer.write(state.customer.rawValue)
        writer.write(state.currency.packed)
        writer.write(state.total)
        writer.write(state.paid)
        writer.write(state.refunded)
        writer.write(state.placedAt.milliseconds)
        writer.write(state.updatedAt.milliseconds)
        writer.write(state.itemCount)
        writer.write(state.lineCount)
        writer.write(state.status.rawValue)
        writer.write(UInt8(0))
        writer.write(lastSeq)
    }

    private static let impossibleNumbers = StoreError.corrupt("an order record holds numbers no order can have")

    static func decode(_ bytes: UnsafeRawBufferPointer) throws(StoreError) -> (OrderState, lastSeq: UInt64) {
        var reader = ByteReader(bytes, what: "an order record")
        guard bytes.count == size else { throw StoreError.corrupt("an order record has \(bytes.count) bytes, not \(size)") }
        let version: UInt32 = try reader.read()
        let customer = CustomerNumber(try reader.read())
        let currency = Currency(packed: try reader.read())
        let total: Int64 = try reader.read()
        let paid: Int64 = try reader.read()
        let refunded: Int64 = try reader.read()
        let placedAt = Timestamp(milliseconds: try reader.read())
        let updatedAt = Timestamp(milliseconds: try reader.read())
        let itemCount: Int64 = try reader.read()
        let lineCount: UInt32 = try reader.read()
        guard let status = OrderStatus(rawValue: try reader.read()) else {
            throw StoreError.corrupt("an order record has an unknown status")
        }
        _ = try reader.read(UInt8.self)
        let lastSeq: UInt64 = try reader.read()
        // Checked before the state holds it in 32 bits.
        guard UInt32(exactly: itemCount) != nil else { throw impossibleNumbers }
        let state = OrderState(
            status: status, currency: currency, customer: customer, total: total, paid: paid, refunded: refunded,
            version: version, placedAt: placedAt, updatedAt: updatedAt, lineCount: lineCount, itemCount: itemCount)
        guard canHold(state, lastSeq: lastSeq) else { throw impossibleNumbers }
        return (state, lastSeq)
    }

    /// Whether an order record may hold `state` and `lastSeq`: what decoding checks (SPEC §2).
    static func canHold(_ state: OrderState, lastSeq: UInt64) -> Bool {
        let limits = LedgerLimits.orderTotal
        return state.version >= 1 && state.currency.isCode && limits.contains(state.total)
            && (0...state.total).contains(state.paid) && (0...state.paid).contains(state.refunded)
            && state.placedAt.isInSpecRange && state.updatedAt.isInSpecRange && state.placedAt <= state.updatedAt
            && LedgerLimits.linesPerOrder.contains(Int(state.lineCount))
            && (1...Int64(state.lineCount) * LedgerLimits.quantity.upperBound).contains(state.itemCount) && lastSeq >= 1
    }

    /// Whether `bytes` are the encoding of `state` and `lastSeq`, compared in place (verify reads
    /// every stored order: decoding each would cost more than encoding the expected one).
    static func holds(_ bytes: UnsafeRawBufferPointer, _ state: OrderState, lastSeq: UInt64) -> Bool {
        guard bytes.count == size else { return false }
        return withUnsafeTemporaryAllocation(byteCount: size, alignment: 8) { buffer in
            encode(state, lastSeq: lastSeq, into: buffer)
            return bytes.hasSameBytes(as: UnsafeRawBufferPointer(buffer))
        }
    }
}
