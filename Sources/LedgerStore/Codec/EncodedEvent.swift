internal import LedgerDomain

/// An event read in place from its bytes in the log (layout: `EventLayout`), without copying or
/// allocating: the fields are loaded when asked for. Its bytes are checked once, when it is made.
/// Valid only while the transaction that lent the bytes is open.
struct EncodedEvent: OrderEventFacts {
    // Safe: `base` and `count` are the bytes `init` checked; the event lives no longer than its
    // transaction (see above).
    private let base: UnsafeRawPointer
    private let count: Int
    let kind: EventKind
    /// Where the names start (after the lines).
    private let namesOffset: Int

    /// Checks that `bytes` hold one whole event and nothing more.
    init(_ bytes: UnsafeRawBufferPointer) throws(StoreError) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { throw StoreError.corrupt("an event is empty") }
        guard let kind = EventKind(rawValue: base.load(fromByteOffset: EventLayout.kind, as: UInt8.self)) else {
            throw StoreError.corrupt("an event has an unknown kind")
        }
        guard bytes.count >= EventLayout.headerSize else { throw StoreError.corrupt("an event is truncated") }
        self.base = base
        count = bytes.count
        self.kind = kind
        let lineCount = Int(EventLayout.load(base, EventLayout.lineCount, as: UInt16.self))
        namesOffset = EventLayout.headerSize + lineCount * EventLayout.Line.size
        guard namesOffset <= count else { throw StoreError.corrupt("an event is truncated") }
        var reader = ByteReader(bytes, at: namesOffset, what: "an event")
        try skipNames(&reader)
        guard reader.offset + noteLength == count else {
            throw StoreError.corrupt(reader.offset + noteLength > count ? "an event is truncated" : "an event has trailing bytes")
        }
    }

    private func field<T: FixedWidthInteger>(_ offset: Int, as _: T.Type = T.self) -> T {
        EventLayout.load(base, offset)
    }

    private var flags: UInt8 { field(EventLayout.flags) }
    /// Whether this event is its customer's first order (and so names the customer).
    var namesNewCustomer: Bool { flags & EventLayout.newCustomerFlag != 0 }
    /// Whether the event was accepted with a command id (format 6: `commands` holds it under its seq).
    var carriesCommandID: Bool { flags & EventLayout.commandIDFlag != 0 }
    var order: OrderNumber { OrderNumber(field(EventLayout.order)) }
    var version: UInt32 { field(EventLayout.version) }
    var customer: CustomerNumber { CustomerNumber(field(EventLayout.customer)) }
    var at: Timestamp { Timestamp(milliseconds: field(EventLayout.at)) }
    var amount: Int64 { field(EventLayout.amount) }
    var currency: Currency { Currency(packed: field(EventLayout.currency)) }
    var itemCount: Int64 { Int64(field(EventLayout.itemCount, as: UInt32.self)) }
    var lineCount: Int { Int(field(EventLayout.lineCount, as: UInt16.self)) }
    private var newSKUCount: Int { Int(field(EventLayout.newSKUCount, as: UInt16.self)) }
    private var noteLength: Int {
        flags & EventLayout.noteFlag != 0 ? Int(field(EventLayout.noteLength, as: UInt16.self)) : 0
    }
    /// The seq of the order's previous event (0 for `placed`).
    var previousSeq: UInt64 { field(EventLayout.previousSeq) }

    var lines: EncodedEventLines { Self.lines(ofPlacedEventAt: base, count: lineCount) }

    /// Where the event's bytes start.
    var start: UnsafeRawPointer { base }

    /// The event's bytes.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// The lines of the event whose bytes start at `start` (checked when it was read).
    static func lines(ofPlacedEventAt start: UnsafeRawPointer, count: Int) -> EncodedEventLines {
        EncodedEventLines(base: start + EventLayout.headerSize, count: count)
    }

    /// The ids this event names first.
    func names() throws(StoreError) -> NameDefinitions {
        var names = NameDefinitions()
        try withNames(
            order: { names.order = String(decoding: $0, as: UTF8.self) },
            customer: { names.customer = String(decoding: $0, as: UTF8.self) },
            sku: { names.skus.append(String(decoding: $0, as: UTF8.self)) })
        return names
    }

    /// Lends the bytes of each id this event names first, in place: its order id (`placed`), its
    /// customer id (when new), then its new skus in line order.
    func withNames(
        order: (UnsafeRawBufferPointer) -> Void, customer: (UnsafeRawBufferPointer) -> Void,
        sku: (UnsafeRawBufferPointer) -> Void
    ) throws(StoreError) {
        var reader = ByteReader(UnsafeRawBufferPointer(start: base, count: count), at: namesOffset, what: "an event")
        if kind == .placed { order(try reader.readName()) }
        if namesNewCustomer { customer(try reader.readName()) }
        for _ in 0..<newSKUCount { sku(try reader.readName()) }
    }

    /// The carrier or reason, when the command gave one.
    var note: String? {
        guard flags & EventLayout.noteFlag != 0 else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: base + count - noteLength, count: noteLength), as: UTF8.self)
    }

    /// Steps over the names: the order id (`placed`), the customer id (when new), the new skus.
    private func skipNames(_ reader: inout ByteReader) throws(StoreError) {
        let total = (kind == .placed ? 1 : 0) + (namesNewCustomer ? 1 : 0) + newSKUCount
        for _ in 0..<total { _ = try reader.readName() }
    }
}
