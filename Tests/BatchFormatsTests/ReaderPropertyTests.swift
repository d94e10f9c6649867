import Foundation
import LedgerDomain
import PropertyBased
import TestSupport
import Testing

@testable import BatchFormats

/// Properties of the readers over generated input: any text written out by the format's rules
/// reads back as the same fields, on the lines where its records start, whatever the buffer size.
struct ReaderPropertyTests {
    /// Characters that stress both formats: separators, quotes, escapes, line breaks, and
    /// multi-byte UTF-8.
    static let character = Gen<Character?>.element(of: Array("ab ,;\"'\\\t\r\n\u{1}é€😀") as [Character]).map { $0! }
    static let text = character.string(of: 1...24)
    static let buffer = Gen<Int?>.element(of: [256, 4096, 1 << 20]).map { $0! }

    @Test func anyQuotedCSVFieldReadsBackOnItsLine() async throws {
        await propertyCheck(input: Self.text.array(of: 1...12), Self.buffer) { carriers, buffer in
            var csv = "type,order_id,at,carrier\r\n"
            var expectedLines: [Int] = []
            var line = 2
            for (index, carrier) in carriers.enumerated() {
                expectedLines.append(line)
                csv += "ship,O-\(index),T,\"\(carrier.replacingOccurrences(of: "\"", with: "\"\""))\"\r\n"
                line += 1 + carrier.utf8.filter { $0 == 0x0A }.count
            }
            let records = try ReadRecord.readAll(Array(csv.utf8), format: .csv, bufferCapacity: buffer)
            #expect(records.map(\.fields["carrier"]) == carriers)
            #expect(records.map(\.line) == expectedLines)
            #expect(records.map(\.fields["order_id"]) == carriers.indices.map { "O-\($0)" })
        }
    }

    @Test func anyEscapedJSONStringReadsBack() async throws {
        await propertyCheck(input: Self.text.array(of: 1...12), Self.buffer, Gen.bool) { carriers, buffer, escapeAll in
            let lines = carriers.enumerated().map { index, carrier in
                #"{"type":"ship","order_id":"O-\#(index)","carrier":"\#(Self.json(carrier, escapingNonASCII: escapeAll))","at":"T"}"#
            }
            let records = try ReadRecord.readAll(
                Array((lines.joined(separator: "\n") + "\n").utf8), format: .jsonl, bufferCapacity: buffer)
            #expect(records.map(\.fields["carrier"]) == carriers)
            #expect(records.map(\.line) == Array(1...carriers.count))
        }
    }

    /// `text` as the inside of a JSON string: quotes, backslashes and control characters escaped,
    /// and, if asked, everything outside ASCII as `\u` escapes (surrogate pairs above U+FFFF).
    static func json(_ text: String, escapingNonASCII: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20 || (escapingNonASCII && scalar.value > 0x7E):
                for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
