import Glibc
public import LedgerDomain

/// Turns a reader's `RawRecord` into a `Command`, or a `malformed` rejection naming the field
/// (everything SPEC §3 code 1 decides from the record alone). Only fields the type uses are read.
public struct CommandDecoder: Sendable {
    public let format: RecordFormat

    public init(format: RecordFormat) { self.format = format }

    /// `record` as a `Command` (its ids made into `String`s), or the `malformed` rejection.
    public func decode(_ record: RawRecord) -> Result<Command, Rejection> {
        var text = DecodedText()
        return decode(record, into: &text).map { text.command($0) }
    }

    /// `record` as a `DecodedCommand` whose ids, note and lines are appended to `text` (or, read
    /// from the raw record appended to it just before, point there), or the `malformed` rejection
    /// (and `text` as it was).
    public func decode(_ record: RawRecord, into text: inout DecodedText) -> Result<DecodedCommand, Rejection> {
        defer { text.endRecord() }
        let bytes = text.bytes.count
        let lines = text.lines.count
        do {
            return .success(try command(from: record, into: &text))
        } catch {
            text.truncate(bytes: bytes, lines: lines)
            return .failure(error)
        }
    }

    private func command(from record: RawRecord, into text: inout DecodedText) throws(Rejection) -> DecodedCommand {
        let type = try self.text(record.type, "type")
        guard let kind = CommandKind(bytes: type) else {
            throw malformed("unknown type \(Self.quote(type)) (expected place, pay, ship, deliver, cancel or refund)")
        }
        let orderID = try identifier(record.orderID, "order_id", into: &text)
        let at = try timestamp(record.at)
        let commandID: TextSpan? =
            if case .absent = record.commandID { nil } else { try identifier(record.commandID, "command_id", into: &text) }
        var amount: Int64 = 0
        var currency = Currency(packed: 0)
        var customer = TextSpan(offset: 0, count: 0, hash: 0)
        var note: TextSpan?
        let firstLine = text.lines.count
        switch kind {
        case .place:
            customer = try identifier(record.customerID, "customer_id", into: &text)
            let code = try self.text(record.currency, "currency")
            guard let valid = Currency(bytes: code) else {
                throw malformed("currency \(Self.quote(code)) is not three letters A–Z")
            }
            currency = valid
            try orderLines(record.lines, into: &text)
            let lines = text.lines[firstLine...]
            guard
                let total = PlaceOrder.total(
                    lineCount: lines.count, { (lines[firstLine + $0].quantity, lines[firstLine + $0].unitPrice) })
            else {
                throw malformed("order total must be 1…10^15 minor units (Σ qty × unit_price)")
            }
            amount = total
        case .pay, .refund:
            amount = try number(record.amount, "amount", LedgerLimits.amount)
        case .ship:
            note = try self.note(record.carrier, "carrier", into: &text)
        case .deliver:
            break
        case .cancel:
            note = try self.note(record.reason, "reason", into: &text)
        }
        return DecodedCommand(
            at: at, amount: amount, lines: firstLine..<text.lines.count, orderID: orderID, customer: customer,
            commandID: commandID, note: note, currency: currency, kind: kind)
    }

    private func malformed(_ message: String) -> Rejection { Rejection(.malformed, message) }

    private func text(_ field: RawField, _ name: @autoclosure () -> String) throws(Rejection) -> UnsafeRawBufferPointer {
        switch field {
        case .text(let bytes): return bytes
        case .absent: throw malformed("missing \(name())")
        case .integer, .lines, .wrongType: throw malformed("\(name()) must be a string, not \(Self.typeName(field))")
        }
    }

    private func identifier(
        _ field: RawField, _ name: @autoclosure () -> String, into text: inout DecodedText
    ) throws(Rejection) -> TextSpan {
        let bytes = try self.text(field, name())
        guard Identifier.isValid(bytes) else {
            throw malformed("\(name()) \(Self.quote(bytes)) is not a valid id (1–64 of A–Z a–z 0–9 . _ : -)")
        }
        return text.append(bytes, isIdentifier: true)
    }

    private func timestamp(_ field: RawField) throws(Rejection) -> Timestamp {
        let bytes = try text(field, "at")
        guard let value = Timestamp(bytes: bytes) else {
            throw malformed("at \(Self.quote(bytes)) is not an RFC 3339 time from 1970 to 9999 (e.g. 2026-03-01T10:15:00Z)")
        }
        return value
    }

    private func note(_ field: RawField, _ name: String, into text: inout DecodedText) throws(Rejection) -> TextSpan? {
        if case .absent = field { return nil }
        let bytes = try self.text(field, name)
        guard bytes.count <= LedgerLimits.textBytes else {
            throw malformed("\(name) is \(bytes.count) bytes; at most \(LedgerLimits.textBytes) are allowed")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw malformed("\(name) is not valid UTF-8")
        }
        return text.append(bytes, isIdentifier: false)
    }

    private func number(
        _ field: RawField, _ name: @autoclosure () -> String, _ range: ClosedRange<Int64>
    ) throws(Rejection) -> Int64 {
        let value: Int64
        switch (field, format) {
        case (.integer(let integer), .jsonl):
            value = integer
        case (.text(let bytes), .csv):
            guard let parsed = Self.digits(bytes) else {
                throw malformed("\(name()) \(Self.quote(bytes)) is not a whole number of ASCII digits")
            }
            // More digits than an Int64 holds read as Int64.max: the message shows them as written.
            guard parsed < .max || range.contains(parsed) else {
                throw malformed("\(name()) \(Self.quote(bytes)) is out of range (\(range.lowerBound)…\(range.upperBound))")
            }
            value = parsed
        case (.absent, _):
            throw malformed("missing \(name())")
        case (.wrongType(.outOfRange), _):
            throw malformed("\(name()) is out of range (\(range.lowerBound)…\(range.upperBound))")
        default:
            throw malformed("\(name()) must be an integer, not \(Self.typeName(field))")
        }
        guard range.contains(value) else {
            throw malformed("\(name()) \(value) is out of range (\(range.lowerBound)…\(range.upperBound))")
        }
        return value
    }

    /// Appends the lines of a `place` to `text`.
    private func orderLines(_ field: RawField, into text: inout DecodedText) throws(Rejection) {
        switch (field, format) {
        case (.text(let bytes), .csv):
            try csvLines(bytes, into: &text)
        case (.lines(let raw), .jsonl):
            guard LedgerLimits.linesPerOrder.contains(raw.count) else {
                throw malformed("an order needs 1…1000 lines, not \(raw.count)")
            }
            for (index, line) in raw.enumerated() {
                guard line.isObject else {
                    throw malformed("lines[\(index)]: each line must be an object {\"sku\": …, \"qty\": …, \"unit_price\": …}")
                }
                text.append(
                    try orderLine(sku: line.sku, quantity: line.quantity, price: line.unitPrice, "lines[\(index)]", into: &text))
            }
        case (.absent, _):
            throw malformed("missing lines")
        default:
            throw malformed(
                "lines must be \(format == .csv ? "SKU*QTY@PRICE items joined by ;" : "an array"), not \(Self.typeName(field))")
        }
    }

    private func csvLines(_ bytes: UnsafeRawBufferPointer, into text: inout DecodedText) throws(Rejection) {
        var count = 0
        var start = 0
        while start <= bytes.count {
            // Safe: every slice is cut from the field's own bytes, between indexes found inside it.
            let end =
                Self.index(of: UInt8(ascii: ";"), in: UnsafeRawBufferPointer(rebasing: bytes[start...])).map { start + $0 }
                ?? bytes.count
            let item = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            guard let star = Self.index(of: UInt8(ascii: "*"), in: item), let at = Self.index(of: UInt8(ascii: "@"), in: item),
                star < at
            else {
                throw malformed("lines item \(count + 1) \(Self.quote(item)) is not SKU*QTY@PRICE")
            }
            guard count < LedgerLimits.linesPerOrder.upperBound else {
                throw malformed("an order has at most 1000 lines")
            }
            let sku = UnsafeRawBufferPointer(rebasing: item[..<star])
            let quantity = UnsafeRawBufferPointer(rebasing: item[(star + 1)..<at])
            let price = UnsafeRawBufferPointer(rebasing: item[(at + 1)...])
            text.append(
                try orderLine(
                    sku: .text(sku), quantity: .text(quantity), price: .text(price), "lines item \(count + 1)", into: &text))
            count += 1
            start = end + 1
        }
    }

    /// The index of the first `byte` in `bytes` (`memchr`: the generic `firstIndex(of:)` went a
    /// byte at a time, a thirtieth of the reading thread on batches with many lines).
    static func index(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, let found = memchr(base, Int32(byte), bytes.count) else { return nil }
        return UnsafeRawPointer(found) - base
    }

    /// One line of a `place`; `place` names it in a rejection (built only for one).
    private func orderLine(
        sku: RawField, quantity: RawField, price: RawField, _ place: @autoclosure () -> String, into text: inout DecodedText
    ) throws(Rejection) -> DecodedLine {
        DecodedLine(
            sku: try identifier(sku, "\(place()) sku", into: &text),
            quantity: try number(quantity, "\(place()) qty", LedgerLimits.quantity),
            unitPrice: try number(price, "\(place()) unit_price", LedgerLimits.unitPrice))
    }

    /// ASCII digits only (leading zeros allowed), no sign, within `Int64`.
    static func digits(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard !bytes.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return Int64.max }
            value = sum
        }
        return value
    }

    static func typeName(_ field: RawField) -> String {
        switch field {
        case .absent: "absent"
        case .text: "a string"
        case .integer: "an integer"
        case .lines: "an array"
        case .wrongType(let kind): kind.name
        }
    }

    /// A short, printable rendering of a value for messages.
    static func quote(_ bytes: UnsafeRawBufferPointer) -> String {
        let shown = String(decoding: bytes.prefix(40), as: UTF8.self)
        return "\"\(shown)\(bytes.count > 40 ? "…" : "")\""
    }
}
