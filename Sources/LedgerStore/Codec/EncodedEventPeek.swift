internal import LedgerDomain

extension EncodedEvent {
    /// A glance at an event's bytes that checks only what it reads: enough to prefetch the order
    /// entry it will touch, a few events before it is folded.
    struct Peek {
        let kind: EventKind
        let order: OrderNumber
        let at: Timestamp

        /// `nil` when the bytes are too short or of no known kind.
        init?(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count >= EventLayout.headerSize, let base = bytes.baseAddress,
                let kind = EventKind(rawValue: bytes[EventLayout.kind])
            else { return nil }
            self.kind = kind
            order = OrderNumber(EventLayout.load(base, EventLayout.order))
            at = Timestamp(milliseconds: EventLayout.load(base, EventLayout.at))
        }
    }
}
