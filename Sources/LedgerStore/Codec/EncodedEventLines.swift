internal import LedgerDomain

/// The lines of an `EncodedEvent`, read in place: sku `UInt32`, qty `UInt32`, price `Int64` each.
struct EncodedEventLines: RandomAccessCollection {
    let base: UnsafeRawPointer
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> EventLine {
        let line = base + position * EventCodec.lineSize
        return EventLine(
            sku: SKUNumber(UInt32(littleEndian: line.loadUnaligned(as: UInt32.self))),
            quantity: UInt32(littleEndian: line.loadUnaligned(fromByteOffset: 4, as: UInt32.self)),
            unitPrice: Int64(littleEndian: line.loadUnaligned(fromByteOffset: 8, as: Int64.self)))
    }
}
