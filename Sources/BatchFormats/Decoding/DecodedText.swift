public import LedgerDomain

/// The bytes and lines that `DecodedCommand`s point into: the ids, notes and order lines of the
/// records decoded into it, one after another, and the raw records themselves when they are
/// appended first (`appendRecord`): a value read from within those is pointed to where it lies in
/// them, not copied again.
public struct DecodedText: Sendable {
    public private(set) var bytes: [UInt8] = []
    public private(set) var lines: [DecodedLine] = []
    /// The address the record being decoded was read from, its length, and where `bytes` holds
    /// it (`appendRecord`), until its decoding ends (`endRecord`).
    private var record: (address: UInt, count: Int, offset: Int)?

    public init() {}

    /// Makes room for about `records` records, whose ids and notes take about `bytes` bytes.
    public mutating func reserveCapacity(records: Int, bytes byteCount: Int) {
        bytes.reserveCapacity(byteCount)
        lines.reserveCapacity(records)
    }

    /// Empties the text, keeping its room for the next records decoded into it.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        record = nil
    }

    /// Appends the raw bytes of the record about to be decoded (`CommandDecoder.decode(_:into:)`,
    /// whose fields must lie among these very bytes or elsewhere), and gives where they are in
    /// `bytes`: until the decoding ends, a value that lies among them is pointed to in the copy.
    public mutating func appendRecord(_ raw: UnsafeRawBufferPointer) -> Range<Int> {
        let offset = bytes.count
        bytes.append(contentsOf: raw)
        record = raw.baseAddress.map { (UInt(bitPattern: $0), raw.count, offset) }
        return offset..<bytes.count
    }

    /// The record appended last is decoded: later values are copied, whatever their address.
    mutating func endRecord() { record = nil }

    /// `value`'s bytes, hashed when it is an id: where they lie in the record being decoded, or
    /// else appended.
    mutating func append(_ value: UnsafeRawBufferPointer, isIdentifier: Bool) -> TextSpan {
        let hash = isIdentifier ? IdentifierHash.of(value) : 0
        if let record, let start = value.baseAddress.map({ UInt(bitPattern: $0) }), start >= record.address,
            start - record.address + UInt(value.count) <= UInt(record.count)
        {
            return TextSpan(offset: UInt32(record.offset + Int(start - record.address)), count: UInt32(value.count), hash: hash)
        }
        let offset = bytes.count
        bytes.append(contentsOf: value)
        return TextSpan(offset: UInt32(offset), count: UInt32(value.count), hash: hash)
    }

    mutating func append(_ line: DecodedLine) { lines.append(line) }

    /// Drops what was appended after `bytes` bytes and `lines` lines (a record that turned out malformed).
    mutating func truncate(bytes byteCount: Int, lines lineCount: Int) {
        bytes.removeSubrange(byteCount...)
        lines.removeSubrange(lineCount...)
    }

    /// The text of `span` (ids are ASCII, notes valid UTF-8).
    public func string(_ span: TextSpan) -> String {
        bytes.withUnsafeBytes { String(decoding: span.bytes(in: $0), as: UTF8.self) }
    }

    /// `decoded` as a `Command`, its ids and notes made into `String`s.
    public func command(_ decoded: DecodedCommand) -> Command {
        let action: CommandAction
        switch decoded.kind {
        case .place:
            let lines = self.lines[decoded.lines].map {
                OrderLine(sku: SKU(validated: string($0.sku)), quantity: $0.quantity, unitPrice: $0.unitPrice)
            }
            guard
                let placement = PlaceOrder(
                    customer: CustomerID(validated: string(decoded.customer)), currency: decoded.currency, lines: lines)
            else { preconditionFailure("a decoded place has a checked total") }
            action = .place(placement)
        case .pay: action = .pay(amount: decoded.amount)
        case .ship: action = .ship(carrier: decoded.note.map(string))
        case .deliver: action = .deliver
        case .cancel: action = .cancel(reason: decoded.note.map(string))
        case .refund: action = .refund(amount: decoded.amount)
        }
        return Command(
            commandID: decoded.commandID.map { CommandID(validated: string($0)) },
            orderID: OrderID(validated: string(decoded.orderID)), at: decoded.at, action: action)
    }
}
