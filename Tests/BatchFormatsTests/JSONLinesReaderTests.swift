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

    /// A key is compared with the keys before it in its own object only: the keys of an object it
    /// holds leave with that object, and past 32 keys the comparison goes on in a set.
    @Test func aKeyGivenTwiceIsFoundInItsOwnObjectAtAnyDepthAndAfterManyKeys() throws {
        #expect(try error(#"{"a":{"b":1,"c":{"b":2}},"b":3,"c":4}"#) == nil)
        #expect(try error(#"{"a":{"x":1},"a":2}"#)?.contains(#"the key "a" appears twice"#) == true)
        #expect(try error(#"{"a":{"x":1,"y":{"z":1},"z":2,"x":3}}"#)?.contains(#"the key "x" appears twice"#) == true)
        let many = (0..<40).map { #""k\#($0)":\#($0)"# }
        #expect(try error("{" + many.joined(separator: ",") + "}") == nil)
        for (first, second) in [(3, 39), (35, 39), (31, 32)] {
            var keys = many
            keys[second] = #""k\#(first)":0"#
            #expect(try error("{" + keys.joined(separator: ",") + "}")?.contains(#"the key "k\#(first)" appears twice"#) == true)
        }
    }

    /// Every name of a known field, and none of the names near it, is that field.
    @Test func aKeyIsAKnownFieldExactlyWhenItIsItsName() {
        for field in KnownField.allCases {
            let name = Array(field.rawValue.utf8)
            #expect(name.withUnsafeBytes { KnownField(name: $0) } == field)
            for other in [name.dropLast(), name + [UInt8(ascii: "s")], [UInt8(ascii: "_")] + name.dropFirst()] {
                #expect(Array(other).withUnsafeBytes { KnownField(name: $0) } == nil, "\(String(decoding: other, as: UTF8.self))")
            }
        }
        #expect([UInt8]().withUnsafeBytes { KnownField(name: $0) } == nil)
    }

    /// Plain runs of a string, escapes and multi-byte characters come out in their order.
    @Test func aStringMixingPlainRunsEscapesAndUnicodeReadsBackWhole() throws {
        let records = try read(#"{"carrier":"plain \t\"quoted\" é then ASCII again \u00e9 and 😀!","reason":"x"}"#)
        #expect(records[0].fields["carrier"] == "plain \t\"quoted\" é then ASCII again é and 😀!")
        #expect(records[0].fields["reason"] == "x")
    }

    /// A byte that does not stand for itself is found wherever it lies in the eight-byte words a
    /// string's plain run is scanned in, and whatever stands for itself before and after it.
    @Test func aByteThatDoesNotStandForItselfIsFoundAtEveryPlaceOfAWord() throws {
        let prefix = #"{"carrier":""#
        for offset in 0..<20 {
            let before = String(repeating: "a~", count: 10).prefix(offset)
            let after = String(repeating: "\u{7F}z", count: 6)
            for (written, read) in [(#"\""#, "\""), (#"\\"#, "\\"), ("é", "é"), (#"\t"#, "\t"), ("", "")] {
                let records = try self.read(prefix + before + written + after + #""}"#)
                #expect(records[0].fields["carrier"] == before + read + after, "at \(offset): \(written)")
            }
            // A raw control character is named at its own column.
            let raw = try error(prefix + before + "\u{01}" + after + #""}"#)
            #expect(raw?.contains("at column \(prefix.utf8.count + offset + 1)") == true, "at \(offset): \(raw ?? "")")
        }
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
