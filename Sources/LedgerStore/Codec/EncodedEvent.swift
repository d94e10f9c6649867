internal import LedgerDomain

/// An event read in place from its bytes in the log (layout: `EventCodec`), without copying or
/// allocating: the fields are loaded when asked for. Its bytes are checked once, when it is made.
/// Valid only while the transaction that lent the bytes is open.
struct EncodedEvent: OrderEventFacts {
    private let base: UnsafeRawPointer
    private let count: Int
    let kind: EventKind
    /// Where the names start (after the lines).
    private let namesOffset: Int

    static let noteFlag: UInt8 = 1
    static let newCustomerFlag: UInt8 = 2

    /// Checks that `bytes` hold one whole event and nothing more.
    init(_ bytes: UnsafeRawBufferPointer) throws(StoreError) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { throw StoreError.corrupt("an event is empty") }
        guard let kind = EventKind(rawValue: base.load(as: UInt8.self)) else {
            throw StoreError.corrupt("an event has an unknown kind")
        }
        guard bytes.count >= EventCodec.headerSize else { throw StoreError.corrupt("an event is truncated") }
        self.base = base
        count = bytes.count
        self.kind = kind
        namesOffset = EventCodec.headerSize + Int(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: 2, as: UInt16.self))) * EventCodec.lineSize
        guard namesOffset <= count else { throw StoreError.corrupt("an event is truncated") }
        var reader = ByteReader(bytes, at: namesOffset, what: "an event")
        try skipNames(&reader)
        guard reader.offset + noteLength == count else {
            throw StoreError.corrupt(reader.offset + noteLength > count ? "an event is truncated" : "an event has trailing bytes")
        }
    }

    private func field<T: FixedWidthInteger>(_ offset: Int, as _: T.Type = T.self) -> T {
        T(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    private var flags: UInt8 { field(1) }
    /// Whether this event is its customer's first order (and so names the customer).
    var namesNewCustomer: Bool { flags & Self.newCustomerFlag != 0 }
    var order: OrderNumber { OrderNumber(field(4)) }
    var version: UInt32 { field(8) }
    var customer: CustomerNumber { CustomerNumber(field(12)) }
    var at: Timestamp { Timestamp(milliseconds: field(16)) }
    var amount: Int64 { field(24) }
    var currency: Currency { Currency(packed: field(32)) }
    var itemCount: Int64 { Int64(field(36, as: UInt32.self)) }
    var lineCount: Int { Int(field(2, as: UInt16.self)) }
    private var newSKUCount: Int { Int(field(40, as: UInt16.self)) }
    private var noteLength: Int { flags & Self.noteFlag != 0 ? Int(field(42, as: UInt16.self)) : 0 }
    /// The seq of the order's previous event (0 for `placed`).
    var previousSeq: UInt64 { field(44) }

    var lines: EncodedEventLines {
        EncodedEventLines(base: base + EventCodec.headerSize, count: lineCount)
    }

    /// Where the event's bytes start.
    var start: UnsafeRawPointer { base }

    /// The event's bytes.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// The lines of the event whose bytes start at `start` (checked when it was read).
    static func lines(ofPlacedEventAt start: UnsafeRawPointer, count: Int) -> EncodedEventLines {
        EncodedEventLines(base: start + EventCodec.headerSize, count: count)
    }

    /// The ids this event names first.
    func names() throws(StoreError) -> NameDefinitions {
        var reader = ByteReader(UnsafeRawBufferPointer(start: base, count: count), at: namesOffset, what: "an event")
        var names = NameDefinitions()
        if kind == .placed { names.order = String(decoding: try reader.readName(), as: UTF8.self) }
        if namesNewCustomer { names.customer = String(decoding: try reader.readName(), as: UTF8.self) }
        for _ in 0..<newSKUCount { names.skus.append(String(decoding: try reader.readName(), as: UTF8.self)) }
        return names
    }

    /// The carrier or reason, when the command gave one.
    var note: String? {
        guard flags & Self.noteFlag != 0 else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: base + count - noteLength, count: noteLength), as: UTF8.self)
    }

    /// Steps over the names: the order id (`placed`), the customer id (when new), the new skus.
    private func skipNames(_ reader: inout ByteReader) throws(StoreError) {
        let total = (kind == .placed ? 1 : 0) + (namesNewCustomer ? 1 : 0) + newSKUCount
        for _ in 0..<total { _ = try reader.readName() }
    }
}
