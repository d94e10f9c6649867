/// The binary layout of a logged event (store format 1), little-endian: the one place that says
/// where each field lies. `EventCodec` writes it; `EncodedEvent`, its `Peek` and
/// `EncodedEventLines` read it in place.
///
/// | offset | field | | offset | field |
/// |---|---|---|---|---|
/// | 0 | kind `UInt8` | | 24 | amount `Int64` |
/// | 1 | flags `UInt8` (below) | | 32 | currency `UInt32` |
/// | 2 | line count `UInt16` | | 36 | item count `UInt32` |
/// | 4 | order number `UInt32` | | 40 | new sku count `UInt16` |
/// | 8 | stream version `UInt32` | | 42 | note length `UInt16` |
/// | 12 | customer number `UInt32` | | 44 | previous seq of this order `UInt64` (0: none) |
/// | 16 | at, ms `Int64` | | 52 | lines: sku `UInt32`, qty `UInt32`, price `Int64` |
///
/// Flags: 1 a note follows, 2 the event names a new customer, 4 it was accepted with a command id
/// (format 6: `commands` holds the id under its seq).
///
/// Then names (length byte + bytes) and the note. Names: a `placed` event carries its order id,
/// its customer id when new, and its new skus. The previous seq chains an order's stream.
enum EventLayout {
    static let kind = 0
    static let flags = 1
    static let lineCount = 2
    static let order = 4
    static let version = 8
    static let customer = 12
    static let at = 16
    static let amount = 24
    static let currency = 32
    static let itemCount = 36
    static let newSKUCount = 40
    static let noteLength = 42
    static let previousSeq = 44
    /// Where the lines start.
    static let headerSize = 52

    /// The fields of one line, from the line's start.
    enum Line {
        static let sku = 0
        static let quantity = 4
        static let unitPrice = 8
        static let size = 16
    }

    /// Bits of the flags byte.
    static let noteFlag: UInt8 = 1
    static let newCustomerFlag: UInt8 = 2
    static let commandIDFlag: UInt8 = 4

    /// The little-endian field at `offset` from `base`.
    // Safe: callers pass offsets inside bytes whose length they checked (`EncodedEvent.init`, `Peek`).
    @inline(__always)
    static func load<T: FixedWidthInteger>(_ base: UnsafeRawPointer, _ offset: Int, as _: T.Type = T.self) -> T {
        T(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// Stores `value` little-endian at `offset` of `buffer`.
    // Safe: `EventCodec.size` sized the buffer for the header and everything after it.
    static func store<T: FixedWidthInteger>(_ value: T, at offset: Int, in buffer: UnsafeMutableRawBufferPointer) {
        buffer.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
    }
}
