internal import LedgerDomain

/// The binary layout of a logged event (store format 1), little-endian, read in place:
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
    private static let noteFlag: UInt8 = 1
    private static let newCustomerFlag: UInt8 = 2

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
        if event.note != nil { flags |= noteFlag }
        if names.customer != nil { flags |= newCustomerFlag }
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

    static func decode(_ bytes: UnsafeRawBufferPointer) throws(StoreError) -> DecodedEvent {
        var reader = ByteReader(bytes, what: "an event")
        guard let kind = EventKind(rawValue: try reader.read(UInt8.self)) else {
            throw StoreError.corrupt("an event has an unknown kind")
        }
        let flags = try reader.read(UInt8.self)
        let lineCount = Int(try reader.read(UInt16.self))
        let order = OrderNumber(try reader.read())
        let version: UInt32 = try reader.read()
        let customer = CustomerNumber(try reader.read())
        let at = Timestamp(milliseconds: try reader.read())
        let amount: Int64 = try reader.read()
        let currency = Currency(packed: try reader.read())
        _ = try reader.read(UInt32.self)  // item count: derived from the lines when decoding in full
        let newSkus = Int(try reader.read(UInt16.self))
        let noteLength = Int(try reader.read(UInt16.self))
        let previousSeq: UInt64 = try reader.read()
        var lines: [EventLine] = []
        lines.reserveCapacity(lineCount)
        for _ in 0..<lineCount {
            lines.append(EventLine(sku: SKUNumber(try reader.read()), quantity: try reader.read(), unitPrice: try reader.read()))
        }
        var names = NameDefinitions()
        if kind == .placed { names.order = try reader.readName() }
        if flags & newCustomerFlag != 0 { names.customer = try reader.readName() }
        for _ in 0..<newSkus { names.skus.append(try reader.readName()) }
        var note: String?
        if flags & noteFlag != 0 { note = String(decoding: try reader.readBytes(noteLength), as: UTF8.self) }
        guard reader.offset == bytes.count else { throw StoreError.corrupt("an event has trailing bytes") }
        let event = OrderEvent(
            kind: kind, order: order, version: version, at: at, amount: amount, customer: customer,
            currency: currency, lines: lines, note: note)
        return DecodedEvent(event: event, names: names, previousSeq: previousSeq)
    }
}
