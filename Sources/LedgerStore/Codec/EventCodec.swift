internal import LedgerDomain

/// Writes the binary layout of a logged event (store format 1), little-endian; `EncodedEvent` reads it in place:
///
/// | offset | field | | offset | field |
/// |---|---|---|---|---|
/// | 0 | kind `UInt8` | | 24 | amount `Int64` |
/// | 1 | flags `UInt8` (1: note, 2: new customer) | | 32 | currency `UInt32` |
/// | 2 | line count `UInt16` | | 36 | item count `UInt32` |
/// | 4 | order number `UInt32` | | 40 | new sku count `UInt16` |
/// | 8 | stream version `UInt32` | | 42 | note length `UInt16` |
/// | 12 | customer number `UInt32` | | 44 | previous seq of this order `UInt64` (0: none) |
/// | 16 | at, ms `Int64` | | 52 | lines: sku `UInt32`, qty `UInt32`, price `Int64` |
///
/// Then names (length byte + bytes) and the note. Names: a `placed` event carries its order id,
/// its customer id when new, and its new skus. The previous seq chains an order's stream.
enum EventCodec {
    static let headerSize = 52
    static let lineSize = 16

    static func size(of event: OrderEvent, names: NameDefinitions) -> Int {
        var size = headerSize + event.lines.count * lineSize + (event.note?.utf8.count ?? 0)
        if let order = names.order { size += 1 + order.utf8.count }
        if let customer = names.customer { size += 1 + customer.utf8.count }
        for sku in names.skus { size += 1 + sku.utf8.count }
        return size
    }

    static func encode(
        _ event: OrderEvent, names: NameDefinitions, previousSeq: UInt64, into buffer: UnsafeMutableRawBufferPointer
    ) {
        var writer = ByteWriter(buffer)
        var flags: UInt8 = 0
        if event.note != nil { flags |= EncodedEvent.noteFlag }
        if names.customer != nil { flags |= EncodedEvent.newCustomerFlag }
        writer.write(event.kind.rawValue)
        writer.write(flags)
        writer.write(UInt16(event.lines.count))
        writer.write(event.order.rawValue)
        writer.write(event.version)
        writer.write(event.customer.rawValue)
        writer.write(event.at.milliseconds)
        writer.write(event.amount)
        writer.write(event.currency.packed)
        writer.write(UInt32(event.itemCount))
        writer.write(UInt16(names.skus.count))
        writer.write(UInt16(event.note?.utf8.count ?? 0))
        writer.write(previousSeq)
        for line in event.lines {
            writer.write(line.sku.rawValue)
            writer.write(line.quantity)
            writer.write(line.unitPrice)
        }
        if let order = names.order { writer.write(name: order) }
        if let customer = names.customer { writer.write(name: customer) }
        for sku in names.skus { writer.write(name: sku) }
        if let note = event.note { writer.write(bytes: note.utf8) }
    }

    /// Decodes an event in full, copying it out of `bytes`.
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(StoreError) -> DecodedEvent {
        let encoded = try EncodedEvent(bytes)
        let event = OrderEvent(
            kind: encoded.kind, order: encoded.order, version: encoded.version, at: encoded.at, amount: encoded.amount,
            customer: encoded.customer, currency: encoded.currency, lines: Array(encoded.lines), note: encoded.note)
        return DecodedEvent(event: event, names: try encoded.names(), previousSeq: encoded.previousSeq)
    }
}
