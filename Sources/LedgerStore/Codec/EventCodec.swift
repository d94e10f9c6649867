internal import LedgerDomain

/// Writes a logged event in the binary layout of `EventLayout`; `EncodedEvent` reads it in place.
enum EventCodec {
    static func size(of event: OrderEvent, names: NameDefinitions) -> Int {
        var size = EventLayout.headerSize + event.lines.count * EventLayout.Line.size + (event.note?.utf8.count ?? 0)
        if let order = names.order { size += 1 + order.utf8.count }
        if let customer = names.customer { size += 1 + customer.utf8.count }
        for sku in names.skus { size += 1 + sku.utf8.count }
        return size
    }

    /// `carriesCommandID`: the event was accepted with a command id (`EventLayout.commandIDFlag`).
    static func encode(
        _ event: OrderEvent, names: NameDefinitions, previousSeq: UInt64, carriesCommandID: Bool = false,
        into buffer: UnsafeMutableRawBufferPointer
    ) {
        var flags: UInt8 = carriesCommandID ? EventLayout.commandIDFlag : 0
        if event.note != nil { flags |= EventLayout.noteFlag }
        if names.customer != nil { flags |= EventLayout.newCustomerFlag }
        EventLayout.store(event.kind.rawValue, at: EventLayout.kind, in: buffer)
        EventLayout.store(flags, at: EventLayout.flags, in: buffer)
        EventLayout.store(UInt16(event.lines.count), at: EventLayout.lineCount, in: buffer)
        EventLayout.store(event.order.rawValue, at: EventLayout.order, in: buffer)
        EventLayout.store(event.version, at: EventLayout.version, in: buffer)
        EventLayout.store(event.customer.rawValue, at: EventLayout.customer, in: buffer)
        EventLayout.store(event.at.milliseconds, at: EventLayout.at, in: buffer)
        EventLayout.store(event.amount, at: EventLayout.amount, in: buffer)
        EventLayout.store(event.currency.packed, at: EventLayout.currency, in: buffer)
        EventLayout.store(UInt32(event.itemCount), at: EventLayout.itemCount, in: buffer)
        EventLayout.store(UInt16(names.skus.count), at: EventLayout.newSKUCount, in: buffer)
        EventLayout.store(UInt16(event.note?.utf8.count ?? 0), at: EventLayout.noteLength, in: buffer)
        EventLayout.store(previousSeq, at: EventLayout.previousSeq, in: buffer)
        var writer = ByteWriter(buffer, at: EventLayout.headerSize)
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
