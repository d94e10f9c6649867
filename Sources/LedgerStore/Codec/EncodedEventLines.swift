internal import LedgerDomain

/// The lines of an `EncodedEvent`, read in place (layout: `EventLayout.Line`).
struct EncodedEventLines: RandomAccessCollection {
    // Safe: `base` points into an event whose length `EncodedEvent.init` checked covers `count` lines.
    let base: UnsafeRawPointer
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> EventLine {
        let line = base + position * EventLayout.Line.size
        return EventLine(
            sku: SKUNumber(EventLayout.load(line, EventLayout.Line.sku)),
            quantity: EventLayout.load(line, EventLayout.Line.quantity),
            unitPrice: EventLayout.load(line, EventLayout.Line.unitPrice))
    }
}
