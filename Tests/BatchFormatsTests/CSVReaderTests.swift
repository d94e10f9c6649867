import Foundation
import LedgerDomain
import TestSupport
import Testing

@testable import BatchFormats

struct CSVReaderTests {
    func read(_ text: String, buffer: Int = 4 << 20) throws -> [ReadRecord] {
        try ReadRecord.readAll(text, format: .csv, bufferCapacity: buffer)
    }

    func fileError(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ReadRecord.readAll(bytes, format: .csv)
            return nil
        } catch let error as BatchFileError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func aFileThatEndsBeforeItsSizeWhenOpenedIsToldByTheLimitsCheck() throws {
        // The file lost bytes after it was opened: a read ends before the limit, and the limit's
        // check (which looks at the file's size now) says how it changed, not where the read ended.
        let directory = TemporaryDirectory()
        let text = "type,order_id,customer_id,currency,lines,amount,at\npay,O-1,,,,100,2026-03-01T10:00:00Z\n"
        let path = directory.file("shrunk.csv", text)
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let limit = ReadLimit(size: UInt64(text.utf8.count + 1_000)) { throw BatchFileError("checked: 1000 bytes fewer") }
        let reader = try CSVReader(descriptor: descriptor, bufferCapacity: 64, limit: limit)
        #expect(throws: BatchFileError("checked: 1000 bytes fewer")) { while try reader.next() != nil {} }
    }

    @Test func aFieldWithoutQuotesEndsAtItsFirstCommaLineFeedOrQuoteWhereverItIs() {
        // Neighbours of the three bytes, and bytes that equal them but for the high bit.
        let plain: [UInt8] = [0x2B, 0x2D, 0x0B, 0x09, 0x21, 0x23, 0xAC, 0x8A, 0xA2, 0x41]
        for special in [UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\"")] {
            for length in 0...40 {
                for place in [nil] + (0..<length).map(Optional.some) {
                    var bytes = (0..<length).map { plain[$0 % plain.count] }
                    if let place { bytes[place] = special }
                    for from in 0...min(3, length) {
                        let end = bytes.withUnsafeBufferPointer { CSVScanner.plainEnd($0.baseAddress!, from: from, to: length) }
                        let expected = place.map { $0 >= from ? $0 : length } ?? length
                        #expect(end == expected, "\(special) at \(String(describing: place)) of \(length) from \(from)")
                    }
                }
            }
        }
    }

    @Test func longFieldsWithoutQuotesAreReadWholeAcrossBufferRefillsOnTheirLines() throws {
        let id = String(repeating: "O-1234567.", count: 6)
        let text = "type,order_id,at,carrier\nship,\(id),T,\(id)x\r\nship,O-3,T,\"a\nb\"\n\nship,O-2,T,\(id)"
        for buffer in [16, 23, 64, 4 << 20] {
            let records = try read(text, buffer: buffer)
            #expect(records.map(\.line) == [2, 3, 6])
            #expect(records.first?.fields["order_id"] == id && records.first?.fields["carrier"] == id + "x")
            #expect(records.last?.fields["carrier"] == id)
        }
    }

    @Test func quotedFieldsKeepCommasQuotesAndNewlinesAndRecordsKeepTheirStartingLine() throws {
        let text = "type,order_id,at,carrier\r\nship,O-1,T,\"a, \"\"b\"\"\r\nc\"\r\nship,O-2,T,x\r\n"
        let records = try read(text)
        #expect(records.count == 2)
        #expect(records[0].line == 2)
        #expect(records[0].fields["carrier"] == "a, \"b\"\r\nc")
        #expect(records[1].line == 4)
        #expect(records[1].fields["carrier"] == "x")
        #expect(records[1].raw == "ship,O-2,T,x")
    }

    @Test func aByteOrderMarkIsSkippedAndLFWorksToo() throws {
        let records = try ReadRecord.readAll([0xEF, 0xBB, 0xBF] + Array("type,order_id,at\nship,O-1,T".utf8), format: .csv)
        #expect(records == [ReadRecord(line: 2, raw: "ship,O-1,T", fields: ["type": "ship", "order_id": "O-1", "at": "T"])])
    }

    @Test func emptyLinesAndLoneCRsAreBlankButALineOfSpacesIsARecord() throws {
        let records = try read("type,order_id,at\n\n\r\nship,O-1,T\n   \n\r")
        #expect(records.map(\.line) == [4, 5])
        #expect(records[1].error?.contains("1 fields; the header has 3") == true)
    }

    @Test func emptyFieldsAreAbsentQuotedOrNot() throws {
        let records = try read("type,order_id,at,carrier,reason\nship,O-1,T,,\"\"\n")
        #expect(records[0].fields["carrier"] == nil)
        #expect(records[0].fields["reason"] == nil)
    }

    @Test func aCarriageReturnNotBeforeALineFeedIsData() throws {
        let records = try read("type,order_id,at,carrier\nship,O-1,T,a\rb\n")
        #expect(records[0].fields["carrier"] == "a\rb")
    }

    @Test func aQuoteInsideAnUnquotedFieldEndsTheRecordAtTheEndOfItsLine() throws {
        let records = try read("type,order_id,at,carrier\nship,O-1,T,a\"b,\"c\nd\"\nship,O-2,T,x\n")
        #expect(records.count == 3)
        #expect(records[0].line == 2)
        #expect(records[0].error?.contains("quote inside an unquoted field") == true)
        #expect(records[1].line == 3)
        #expect(records[1].error != nil)
        #expect(records[2].fields["order_id"] == "O-2")
    }

    @Test func textAfterAClosingQuoteIsMalformed() throws {
        let records = try read("type,order_id,at,carrier\nship,O-1,T,\"a\"b\nship,O-2,T,x\n")
        #expect(records.count == 2)
        #expect(records[0].error?.contains("after a closing quote") == true)
        #expect(records[1].line == 3)
    }

    @Test func anUnterminatedQuoteRunsToTheEndOfTheFileAsOneRecord() throws {
        let records = try read("type,order_id,at,carrier\nship,O-1,T,\"open\nship,O-2,T,x\n")
        #expect(records.count == 1)
        #expect(records[0].error?.contains("unterminated") == true)
    }

    @Test func unknownColumnsAreIgnoredAndTheWrongFieldCountIsMalformed() throws {
        let records = try read("note,type,order_id,at,note\nhi,ship,O-1,T,x\nship,O-1,T\n")
        #expect(records[0].fields == ["type": "ship", "order_id": "O-1", "at": "T"])
        #expect(records[1].error == "the record has 3 fields; the header has 5")
    }

    @Test func recordsThatStraddleBufferRefillsReadTheSame() throws {
        var text = "type,order_id,at,carrier\n"
        for index in 0..<200 { text += "ship,O-\(index),T,\"multi\r\nline \"\"\(index)\"\"\"\r\n\n" }
        let small = try read(text, buffer: 64)
        let large = try read(text)
        #expect(small == large)
        #expect(small.count == 200)
        #expect(small[199].line == 2 + 199 * 3)
    }

    @Test(arguments: [
        ("", "the file is empty"),
        ("\nship,O-1,T\n", "lacks the required columns type, order_id, at"),
        ("type,order_id\nship,O-1\n", "lacks the required column at"),
        ("type,order_id,at,amount,amount\n", "names the column amount twice"),
        ("Type,order_id,at\n", "lacks the required column type"),
    ])
    func aBadHeaderIsAFileError(text: String, message: String) {
        #expect(fileError(Array(text.utf8))?.contains(message) == true)
    }

    @Test func aRecordOverTheLimitIsMalformedAndSkippedWithoutBeingKept() throws {
        let big = String(repeating: "x", count: 3000)
        let text = "type,order_id,at,carrier\nship,O-1,T,\"\(big)\n\(big)\"\nship,O-2,T,x\n"
        let records = try ReadRecord.readAll(Array(text.utf8), format: .csv, bufferCapacity: 256, recordLimit: 1000)
        #expect(records.count == 2)
        #expect(records[0].error?.contains("at most 1000") == true)
        #expect(records[0].raw.utf8.count <= 1024)
        #expect(records[1].line == 4)
        #expect(records[1].fields["order_id"] == "O-2")
    }
}
