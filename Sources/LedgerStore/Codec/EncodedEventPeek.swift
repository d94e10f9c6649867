internal import LedgerDomain

extension EncodedEvent {
    /// A glance at an event's bytes that checks only what it reads: enough to prefetch the rows
    /// it will touch, a few events before it is folded.
    struct Peek {
        let kind: EventKind
        let order: OrderNumber
        let customer: CustomerNumber
        let at: Timestamp
        private let bytes: UnsafeRawBufferPointer

        /// `nil` when the bytes are too short or of no known kind.
        init?(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count >= EventLayout.headerSize, let base = bytes.baseAddress,
                let kind = EventKind(rawValue: bytes[EventLayout.kind])
            else { return nil }
            self.kind = kind
            self.bytes = bytes
            order = OrderNumber(EventLayout.load(base, EventLayout.order))
            customer = CustomerNumber(EventLayout.load(base, EventLayout.customer))
            at = Timestamp(milliseconds: EventLayout.load(base, EventLayout.at))
        }

        /// The skus of the lines that fit in the bytes.
        var skus: some Sequence<SKUNumber> {
            // Safe: `init` checked that the header fits; only the lines that fit are read.
            let base = bytes.baseAddress!
            let lineCount = Int(EventLayout.load(base, EventLayout.lineCount, as: UInt16.self))
            let fitting = min(lineCount, (bytes.count - EventLayout.headerSize) / EventLayout.Line.size)
            return EncodedEventLines(base: base + EventLayout.headerSize, count: fitting).lazy.map(\.sku)
        }
    }
}
