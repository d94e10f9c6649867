import CStandardOutput
import FoundationEssentials
import Glibc
import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Standard output for results of any length: rows are rendered into a buffer that is handed to
/// stdio whenever it holds 64 KiB, so output is written while it is read and memory stays flat.
/// Every hand-over is checked: a failed write is one line and exit 1; a closed pipe ends quietly.
/// Bytes go into raw memory, not an array: listings write millions of rows, and an array's
/// uniqueness check and growth on every byte cost more than the rest of a row.
final class OutputBuffer {
    private static let threshold = 1 << 16
    /// Where the bytes go, as error messages name it.
    let destination: String
    // Safe: `base` holds `capacity` bytes, of which the first `count` are written; `reserve`
    // grows it before every write past the end, and `deinit` frees it.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity = 1 << 17
    private var count = 0
    /// Whether the JSON object being written has no member yet.
    private var firstMember = true
    /// The day of the last time written and its `YYYY-MM-DD` (times come in runs of one day).
    private var lastDay: Int64 = .min
    private var lastDate: (UInt64, UInt16) = (0, 0)

    /// Whether CSV fields are escaped for a person at a terminal (`CSVText`).
    private let csvForTerminal: Bool

    /// `destination`: standard output, or the file it was pointed at (`export --output`).
    init(destination: String = OutputBuffer.standardOutput) {
        self.destination = destination
        csvForTerminal = destination == Self.standardOutput && CSVText.standardOutputIsTerminal
        base = .allocate(capacity: capacity)
    }

    /// The destination's name when it is standard output.
    static let standardOutput = "standard output"

    deinit { base.deallocate() }

    /// Makes room for `more` bytes.
    @inline(__always)
    private func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        while count + more > capacity { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
    }

    @inline(__always)
    private func byte(_ value: UInt8) {
        reserve(1)
        base[count] = value
        count += 1
    }

    private func bytes(_ source: UnsafeRawBufferPointer) {
        reserve(source.count)
        if let address = source.baseAddress {
            (base + count).update(from: address.assumingMemoryBound(to: UInt8.self), count: source.count)
        }
        count += source.count
    }

    func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes(UnsafeRawBufferPointer($0)) }
    }

    /// The decimal digits of `value` (no `String` made: listings write millions of numbers, and
    /// a `String` only for a sum past 64 bits).
    func append(_ value: some BinaryInteger) {
        guard var magnitude = UInt64(exactly: value.magnitude) else { return append(String(value)) }
        reserve(21)
        if value < 0 { byte(UInt8(ascii: "-")) }
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        count += digits
        var index = count
        repeat {
            index -= 1
            base[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// Two digits of `value` (0…99).
    @inline(__always)
    private func twoDigits(_ value: Int64) {
        base[count] = UInt8(ascii: "0") + UInt8(value / 10)
        base[count + 1] = UInt8(ascii: "0") + UInt8(value % 10)
        count += 2
    }

    /// `"2026-03-01T10:15:00.000Z"` (`Timestamp.description` in quotes), written digit by digit.
    func append(jsonTimestamp time: Timestamp) {
        let day = time.day
        if day != lastDay {
            let date = CalendarDate(day: day)
            lastDay = day
            var text = "\(date)"
            text.withUTF8 { utf8 in
                withUnsafeMutableBytes(of: &lastDate) {
                    $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[0..<10]))
                }
            }
        }
        let inDay = time.milliseconds - day * 86_400_000
        let seconds = inDay / 1000
        reserve(26)
        base[count] = UInt8(ascii: "\"")
        count += 1
        withUnsafeBytes(of: lastDate) { bytes(UnsafeRawBufferPointer(rebasing: $0[0..<10])) }
        base[count] = UInt8(ascii: "T")
        count += 1
        twoDigits(seconds / 3600)
        base[count] = UInt8(ascii: ":")
        count += 1
        twoDigits(seconds / 60 % 60)
        base[count] = UInt8(ascii: ":")
        count += 1
        twoDigits(seconds % 60)
        base[count] = UInt8(ascii: ".")
        base[count + 1] = UInt8(ascii: "0") + UInt8(inDay % 1000 / 100)
        count += 2
        twoDigits(inDay % 100)
        base[count] = UInt8(ascii: "Z")
        base[count + 1] = UInt8(ascii: "\"")
        count += 2
    }

    /// `text` as a JSON string (`JSONText.quote`; printable ASCII is copied as it is).
    func append(jsonString text: String) {
        var text = text
        text.withUTF8 { append(jsonString: UnsafeRawBufferPointer($0)) }
    }

    /// The UTF-8 text `utf8` as a JSON string (as `append(jsonString:)` writes its text).
    func append(jsonString utf8: UnsafeRawBufferPointer) {
        for byte in utf8 where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            return append(JSONText.quote(bytes: utf8))
        }
        reserve(utf8.count + 2)
        byte(UInt8(ascii: "\""))
        bytes(utf8)
        byte(UInt8(ascii: "\""))
    }

    /// `count` spaces.
    func append(spaces count: Int) {
        guard count > 0 else { return }
        reserve(count)
        (base + self.count).update(repeating: UInt8(ascii: " "), count: count)
        self.count += count
    }

    /// `text` as it is (no reference count kept, as a `String`'s is).
    func append(static text: StaticString) {
        text.withUTF8Buffer { bytes(UnsafeRawBufferPointer($0)) }
    }

    /// The bytes `utf8` as they are (text known to need no escaping).
    func append(utf8: UnsafeRawBufferPointer) { bytes(utf8) }

    /// A currency's three letters (`Currency.description`, without making a string).
    func append(currency: Currency) {
        reserve(3)
        base[count] = UInt8(truncatingIfNeeded: currency.packed)
        base[count + 1] = UInt8(truncatingIfNeeded: currency.packed >> 8)
        base[count + 2] = UInt8(truncatingIfNeeded: currency.packed >> 16)
        count += 3
    }

    /// `text` as one CSV field (`CSVText.field`; a field without a comma, quote or line break is
    /// copied as it is, unless it goes to a terminal).
    func append(csvField text: String) {
        if csvForTerminal { return append(CSVText.field(text, forTerminal: true)) }
        var text = text
        let plain = text.withUTF8 { utf8 in
            for byte in utf8
            where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
            {
                return false
            }
            bytes(UnsafeRawBufferPointer(utf8))
            return true
        }
        if !plain { append(CSVText.field(text, forTerminal: false)) }
    }

    /// The UTF-8 text `utf8` as one CSV field (as `append(csvField:)` writes it decoded).
    func append(csvField utf8: UnsafeRawBufferPointer) {
        let plain =
            !csvForTerminal
            && !utf8.contains { byte in
                byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
                    || byte == UInt8(ascii: "\r") || byte >= 0x80
            }
        if plain { bytes(utf8) } else { append(csvField: String(decoding: utf8, as: UTF8.self)) }
    }

    /// `MoneyText.money(minor, currency)` (`EUR 1,250.00`) for a currency of `places` decimals
    /// (`MoneyText.decimals`), written digit by digit: tables show two amounts per row. `width`:
    /// that of the amount, `MoneyText.width(ofAmount: minor, places: places)`.
    func append(money minor: Int64, _ currency: Currency, places: Int, width: Int) {
        append(currency: currency)
        byte(UInt8(ascii: " "))
        reserve(width)
        MoneyText.write(amount: minor, places: places, into: UnsafeMutableRawBufferPointer(start: base + count, count: width))
        count += width
    }

    /// Writes `text` to standard output, the write checked as it is made: a `print` larger than
    /// stdio's buffer that failed left only stdio's error flag, and the error could not say why.
    static func write(_ text: String) throws {
        let output = OutputBuffer()
        output.append(text)
        try output.write()
    }

    /// Hands the buffer to stdio once it holds 64 KiB.
    func writeIfFull() throws {
        if count >= Self.threshold { try write() }
    }

    /// Hands everything buffered to stdio, and with `flush` makes stdio write it out now.
    func write(flush: Bool = false) throws {
        if count > 0 {
            let failure = cstdout_write(base, UInt(count))
            count = 0
            try check(failure)
        }
        if flush { try check(cstdout_finish()) }
    }

    private func check(_ failure: Int32) throws {
        guard failure != 0 else { return }
        if failure == EPIPE { Glibc.exit(0) }
        let reason = failure > 0 ? String(cString: strerror(failure)) : "the write failed"
        throw CommandFailure("cannot write \(destination): \(reason)", exitStatus: Terminal.outputFailureStatus)
    }
}

extension OutputBuffer: JSONMemberWriting {
    /// Starts a JSON object; its members follow, then `closeObject`.
    func openObject() {
        byte(UInt8(ascii: "{"))
        firstMember = true
    }

    func closeObject() { byte(UInt8(ascii: "}")) }

    func add(_ key: String, _ value: String?) {
        guard let value else { return }
        memberKey(key)
        append(jsonString: value)
    }

    /// `"key":` and the UTF-8 text `utf8` as a JSON string.
    func add(_ key: String, utf8: UnsafeRawBufferPointer) {
        memberKey(key)
        append(jsonString: utf8)
    }

    func add(_ key: String, _ value: (some BinaryInteger)?) {
        guard let value else { return }
        memberKey(key)
        append(value)
    }

    func add(_ key: String, raw: String) {
        memberKey(key)
        append(raw)
    }

    func add(_ key: String, _ time: Timestamp) {
        memberKey(key)
        append(jsonTimestamp: time)
    }

    func add(_ key: String, _ lines: [LineItem]) {
        memberKey(key)
        byte(UInt8(ascii: "["))
        for (index, line) in lines.enumerated() {
            append((index == 0 ? "{\"sku\":" : ",{\"sku\":"))
            append(jsonString: line.sku)
            append(",\"qty\":")
            append(line.quantity)
            append(",\"unit_price\":")
            append(line.unitPrice)
            byte(UInt8(ascii: "}"))
        }
        byte(UInt8(ascii: "]"))
    }

    func add(_ key: String, _ amounts: CurrencyAmounts) {
        memberKey(key)
        byte(UInt8(ascii: "{"))
        for (index, entry) in amounts.entries.enumerated() {
            append(index == 0 ? "\"" : ",\"")
            append(currency: entry.currency)
            append("\":")
            append(entry.amount)
        }
        byte(UInt8(ascii: "}"))
    }

    /// Writes `"key":` (keys are plain ASCII, written as they are), after a comma unless it is
    /// the object's first.
    func memberKey(_ key: String) {
        if !firstMember { byte(UInt8(ascii: ",")) }
        firstMember = false
        byte(UInt8(ascii: "\""))
        append(key)
        append("\":")
    }
}
