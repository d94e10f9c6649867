internal import LedgerDomain

extension EncodedEvent {
    /// A glance at an event's bytes that checks only what it reads: enough to prefetch the rows
    /// it will touch, a few events before it is folded.
    struct Peek {
        let kind: EventKind
        let order: OrderNumber
        let customer: CustomerNumber
        private let bytes: UnsafeRawBufferPointer

        /// `nil` when the bytes are too short or of no known kind.
        init?(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count >= EventCodec.headerSize, let kind = EventKind(rawValue: bytes[0]) else { return nil }
            self.kind = kind
            self.bytes = bytes
            order = OrderNumber(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
            customer = CustomerNumber(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
        }

        /// The skus of the lines that fit in the bytes.
        var skus: some Sequence<SKUNumber> {
            let lineCount = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: 2, as: UInt16.self)))
            let fitting = min(lineCount, (bytes.count - EventCodec.headerSize) / EventCodec.lineSize)
            return (0..<fitting).lazy.map { [bytes] line in
                SKUNumber(UInt32(littleEndian: bytes.loadUnaligned(
                    fromByteOffset: EventCodec.headerSize + line * EventCodec.lineSize, as: UInt32.self)))
            }
        }
    }
}
