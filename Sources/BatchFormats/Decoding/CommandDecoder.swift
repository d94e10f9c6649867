public import LedgerDomain

/// Turns a reader's `RawRecord` into a `Command`, or a `malformed` rejection naming the field
/// (everything SPEC §3 code 1 decides from the record alone). Only fields the type uses are read.
public struct CommandDecoder: Sendable {
    public let format: RecordFormat

    public init(format: RecordFormat) { self.format = format }

    public func decode(_ record: RawRecord) -> Result<Command, Rejection> {
        do {
            return .success(try command(from: record))
        } catch {
            return .failure(error)
        }
    }

    private func command(from record: RawRecord) throws(Rejection) -> Command {
        let type = try text(record.type, "type")
        guard let kind = CommandKind(bytes: type) else {
            throw malformed("unknown type \(Self.quote(type)) (expected place, pay, ship, deliver, cancel or refund)")
        }
        let orderID = try identifier(record.orderID, "order_id", OrderID.init(bytes:))
        let at = try timestamp(record.at)
        let commandID: CommandID? =
            if case .absent = record.commandID {
                nil
            } else {
                try identifier(record.commandID, "command_id", CommandID.init(bytes:))
            }
        let action: CommandAction
        switch kind {
        case .place:
            let customer = try identifier(record.customerID, "customer_id", CustomerID.init(bytes:))
            let code = try text(record.currency, "currency")
            guard let currency = Currency(bytes: code) else {
                throw malformed("currency \(Self.quote(code)) is not three letters A–Z")
            }
            let lines = try orderLines(record.lines)
            guard let placement = PlaceOrder(customer: customer, currency: currency, lines: lines) else {
                throw malformed("order total must be 1…10^15 minor units (Σ qty × unit_price)")
            }
            action = .place(placement)
        case .pay:
            action = .pay(amount: try number(record.amount, "amount", LedgerLimits.amount))
        case .ship:
            action = .ship(carrier: try note(record.carrier, "carrier"))
        case .deliver:
            action = .deliver
        case .cancel:
            action = .cancel(reason: try note(record.reason, "reason"))
        case .refund:
            action = .refund(amount: try number(record.amount, "amount", LedgerLimits.amount))
        }
        return Command(commandID: commandID, orderID: orderID, at: at, action: action)
    }

    private func malformed(_ message: String) -> Rejection { Rejection(.malformed, message) }

    private func text(_ field: RawField, _ name: @autoclosure () -> String) throws(Rejection) -> UnsafeRawBufferPointer {
        switch field {
        case .text(let bytes): return bytes
        case .absent: throw malformed("missing \(name())")
        case .integer, .lines, .wrongType: throw malformed("\(name()) must be a string, not \(Self.typeName(field))")
        }
    }

    private func identifier<T>(
        _ field: RawField, _ name: @autoclosure () -> String, _ make: (UnsafeRawBufferPointer) -> T?
    ) throws(Rejection) -> T {
        let bytes = try text(field, name())
        guard let value = make(bytes) else {
            throw malformed("\(name()) \(Self.quote(bytes)) is not a valid id (1–64 of A–Z a–z 0–9 . _ : -)")
        }
        return value
    }

    private func timestamp(_ field: RawField) throws(Rejection) -> Timestamp {
        let bytes = try text(field, "at")
        guard let value = Timestamp(bytes: bytes) else {
            throw malformed("at \(Self.quote(bytes)) is not an RFC 3339 time from 1970 to 9999 (e.g. 2026-03-01T10:15:00Z)")
        }
        return value
    }

    private func note(_ field: RawField, _ name: String) throws(Rejection) -> String? {
        if case .absent = field { return nil }
        let bytes = try text(field, name)
        guard bytes.count <= LedgerLimits.textBytes else {
            throw malformed("\(name) is \(bytes.count) bytes; at most \(LedgerLimits.textBytes) are allowed")
        }
        guard let value = String(validating: bytes, as: UTF8.self) else {
            throw malformed("\(name) is not valid UTF-8")
        }
        return value
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
            value = parsed
        case (.absent, _):
            throw malformed("missing \(name())")
        case (.wrongType(let description), _) where description == "an integer out of range":
            throw malformed("\(name()) is out of range (\(range.lowerBound)…\(range.upperBound))")
        default:
            throw malformed("\(name()) must be an integer, not \(Self.typeName(field))")
        }
        guard range.contains(value) else {
            throw malformed("\(name()) \(value) is out of range (\(range.lowerBound)…\(range.upperBound))")
        }
        return value
    }

    private func orderLines(_ field: RawField) throws(Rejection) -> [OrderLine] {
        switch (field, format) {
        case (.text(let bytes), .csv):
            return try csvLines(bytes)
        case (.lines(let raw), .jsonl):
            guard LedgerLimits.linesPerOrder.contains(raw.count) else {
                throw malformed("an order needs 1…1000 lines, not \(raw.count)")
            }
            var lines: [OrderLine] = []
            lines.reserveCapacity(raw.count)
            for (index, line) in raw.enumerated() {
                if let problem = line.problem { throw malformed("lines[\(index)]: \(problem)") }
                lines.append(try orderLine(sku: line.sku, quantity: line.quantity, price: line.unitPrice, "lines[\(index)]"))
            }
            return lines
        case (.absent, _):
            throw malformed("missing lines")
        default:
            throw malformed(
                "lines must be \(format == .csv ? "SKU*QTY@PRICE items joined by ;" : "an array"), not \(Self.typeName(field))")
        }
    }

    private func csvLines(_ bytes: UnsafeRawBufferPointer) throws(Rejection) -> [OrderLine] {
        var lines: [OrderLine] = []
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
            // Safe: every slice is cut from the field's own bytes, between indexes found inside it.
            let item = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            guard let star = item.firstIndex(of: UInt8(ascii: "*")),
                let at = item.firstIndex(of: UInt8(ascii: "@")), star < at
            else {
                throw malformed("lines item \(lines.count + 1) \(Self.quote(item)) is not SKU*QTY@PRICE")
            }
            guard lines.count < LedgerLimits.linesPerOrder.upperBound else {
                throw malformed("an order has at most 1000 lines")
            }
            let sku = UnsafeRawBufferPointer(rebasing: item[..<star])
            let quantity = UnsafeRawBufferPointer(rebasing: item[(star + 1)..<at])
            let price = UnsafeRawBufferPointer(rebasing: item[(at + 1)...])
            lines.append(
                try orderLine(
                    sku: .text(sku), quantity: .text(quantity), price: .text(price), "lines item \(lines.count + 1)"))
            start = end + 1
        }
        return lines
    }

    /// One line of a `place`; `place` names it in a rejection (built only for one).
    private func orderLine(
        sku: RawField, quantity: RawField, price: RawField, _ place: @autoclosure () -> String
    ) throws(Rejection) -> OrderLine {
        OrderLine(
            sku: try identifier(sku, "\(place()) sku", SKU.init(bytes:)),
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
        case .wrongType(let name): name
        }
    }

    /// A short, printable rendering of a value for messages.
    static func quote(_ bytes: UnsafeRawBufferPointer) -> String {
        let shown = String(decoding: bytes.prefix(40), as: UTF8.self)
        return "\"\(shown)\(bytes.count > 40 ? "…" : "")\""
    }
}
