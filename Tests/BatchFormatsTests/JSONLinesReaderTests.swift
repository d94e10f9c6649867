import Foundation
import LedgerDomain
import TestSupport
import Testing

@testable import BatchFormats

struct JSONLinesReaderTests {
    func read(_ text: String) throws -> [ReadRecord] { try ReadRecord.readAll(text, format: .jsonl) }

    func error(_ line: String) throws -> String? { try read(line + "\n").first?.error }

    @Test func knownKeysAreTypedAndUnknownKeysIgnored() throws {
        let records = try read(#"{"type":"pay","order_id":"O-1","amount":-0,"at":"T","x":{"y":[1.5,true,null]}}"# + "\n")
        #expect(records[0].fields == ["type": "pay", "order_id": "O-1", "amount": "#0", "at": "T"])
    }

    @Test func blankLinesAreSkippedAndLinesKeepTheirNumbers() throws {
        let records = try read("\n  \t\r\n" + #"{"type":"deliver"}"# + "\r\n\n" + #"{"type":"x"}"#)
        #expect(records.map(\.line) == [3, 5])
        #expect(records[0].raw == #"{"type":"deliver"}"#)
    }

    @Test func aByteOrderMarkAtTheStartIsIgnored() throws {
        let records = try ReadRecord.readAll([0xEF, 0xBB, 0xBF] + Array(#"{"type":"deliver"}"#.utf8), format: .jsonl)
        #expect(records[0].fields["type"] == "deliver")
    }

    @Test func escapesAreDecodedIncludingSurrogatePairsAndEscapedKeys() throws {
        let records = try read(#"{"\u0074ype":"a\"b\\c\/\n\u00e9\ud83d\ude00"}"#)
        #expect(records[0].fields["type"] == "a\"b\\c/\né😀")
    }

    @Test func nullIsAbsentAndAnEmptyStringIsAValue() throws {
        let records = try read(#"{"carrier":null,"reason":""}"#)
        #expect(records[0].fields["carrier"] == nil)
        #expect(records[0].fields["reason"] == "")
    }

    @Test func numbersThatAreNotIntegersAreMarkedAsTheWrongType() throws {
        let records = try read(#"{"amount":1.0,"qty":1,"lines":[{"qty":1e3,"sku":"A","unit_price":9223372036854775808}]}"#)
        #expect(records[0].fields["amount"] == "<a number with a fraction or exponent>")
        #expect(records[0].fields["lines"] == "[1 lines]")
    }

    @Test(arguments: [
        #"{"type":"pay","type":"pay"}"#, #"{"a":{"b":1,"b":2}}"#, "{\"type\":\"a\tb\"}", #"{"type":"\ud800"}"#,
        #"{"type":"\udc00x"}"#, #"{"amount":NaN}"#, #"{"amount":Infinity}"#, #"{"amount":1}//c"#, #"{"amount":1,}"#,
        #"{"amount":[1,]}"#, #"{"amount":1} x"#, #"{"amount":01}"#, #"{"amount":+1}"#, #"{"amount":.5}"#, #"{"amount":1.}"#,
        #"["type"]"#, #"{'type':'pay'}"#, #"{"type":"pay""#, #"{"type":tru}"#, #"{"a":"\x"}"#, "{\"a\":\"\u{7F}\"} x",
        String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
    ])
    func strictJSONRejectsWhatRFC8259Forbids(line: String) throws {
        #expect(try error(line) != nil, "\(line) should be malformed")
    }

    @Test func invalidUTF8AnywhereIsMalformed() throws {
        let records = try ReadRecord.readAll(Array(#"{"carrier":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8), format: .jsonl)
        #expect(records[0].error?.contains("UTF-8") == true)
        let overlong = try ReadRecord.readAll(Array(#"{"x":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8), format: .jsonl)
        #expect(overlong[0].error != nil)
    }

    @Test func aLineOverTheLimitIsMalformedAndSkipped() throws {
        let long = #"{"type":""# + String(repeating: "x", count: 5000) + #""}"#
        let text = long + "\n" + #"{"type":"deliver"}"# + "\n"
        let records = try ReadRecord.readAll(Array(text.utf8), format: .jsonl, bufferCapacity: 128, recordLimit: 1000)
        #expect(records.count == 2)
        #expect(records[0].error?.contains("at most 1000") == true)
        #expect(records[1].line == 2)
        #expect(records[1].fields["type"] == "deliver")
    }
}
