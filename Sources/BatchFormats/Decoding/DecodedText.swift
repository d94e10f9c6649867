public import LedgerDomain

/// The bytes and lines that `DecodedCommand`s point into: the ids, notes and order lines of the
/// records decoded into it, one after another.
public struct DecodedText: Sendable {
    public private(set) var bytes: [UInt8] = []
    public private(set) var lines: [DecodedLine] = []

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
    }

    /// Appends `value`'s bytes, hashed when it is an id.
    mutating func append(_ value: UnsafeRawBufferPointer, isIdentifier: Bool) -> TextSpan {
        let offset = bytes.count
        bytes.append(contentsOf: value)
        return TextSpan(
            offset: UInt32(offset), count: UInt32(value.count), hash: isIdentifier ? IdentifierHash.of(value) : 0)
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
