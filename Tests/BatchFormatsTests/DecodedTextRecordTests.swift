import BatchFormats
import Foundation
import LedgerDomain
import TestSupport
import Testing

/// A record's raw bytes appended before it is decoded (`DecodedText.appendRecord`): the values
/// read from among them point into that copy, and only what had to be unescaped is appended.
struct DecodedTextRecordTests {
    /// Each record of `bytes`, read by the reader of `format` and decoded into one text after its
    /// raw bytes: the text, and for each record its raw range and decoded command.
    func decodeAll(_ bytes: String, format: RecordFormat) throws -> (DecodedText, [(Range<Int>, DecodedCommand)]) {
        let directory = TemporaryDirectory()
        let descriptor = open(directory.file("batch", bytes), O_RDONLY)
        defer { close(descriptor) }
        let reader: any BatchReader =
            switch format {
            case .csv: try CSVReader(descriptor: descriptor)
            case .jsonl: try JSONLinesReader(descriptor: descriptor)
            }
        let decoder = CommandDecoder(format: format)
        var text = DecodedText()
        var decoded: [(Range<Int>, DecodedCommand)] = []
        while let record = try reader.next() {
            let raw = text.appendRecord(record.raw)
            decoded.append((raw, try record.content.flatMap { decoder.decode($0, into: &text) }.get()))
        }
        return (text, decoded)
    }

    @Test func idsReadFromAPlainRecordPointIntoItsCopyAndNothingMoreIsAppended() throws {
        let csv = """
            type,order_id,customer_id,currency,lines,amount,at,carrier,command_id
            place,O-1,C-9,EUR,A-1*2@1250;B-7*1@500,,2026-03-01T10:15:00Z,,cmd-1
            ship,O-1,,,,,2026-03-02T10:15:00Z,DHL,cmd-2

            """
        let (text, decoded) = try decodeAll(csv, format: .csv)
        #expect(text.bytes.count == decoded[1].0.upperBound)
        let (placeRaw, place) = decoded[0]
        for span in [place.orderID, place.customer, place.commandID!] + text.lines[place.lines].map(\.sku) {
            #expect(placeRaw.contains(Int(span.offset)) && placeRaw.contains(Int(span.offset + span.count) - 1))
        }
        #expect(text.string(place.customer) == "C-9" && text.lines[place.lines].map { text.string($0.sku) } == ["A-1", "B-7"])
        #expect(decoded[1].1.note.map(text.string) == "DHL" && text.string(decoded[1].1.orderID) == "O-1")
    }

    @Test func valuesThatHadToBeUnescapedAreAppendedAfterTheirRecord() throws {
        let csv = """
            type,order_id,at,carrier
            ship,"O-1",2026-03-02T10:15:00Z,"D""HL"

            """
        let (text, decoded) = try decodeAll(csv, format: .csv)
        let (raw, ship) = decoded[0]
        #expect(ship.note.map(text.string) == #"D"HL"# && Int(ship.note!.offset) >= raw.upperBound)
        // Quoted without an escape inside: read where it lies in the record, its quotes left out.
        #expect(text.string(ship.orderID) == "O-1" && raw.contains(Int(ship.orderID.offset)))
        let json = #"{"type":"ship","order_id":"O-\u0031","at":"2026-03-02T10:15:00Z","carrier":"UPS"}"# + "\n"
        let (jsonText, jsonDecoded) = try decodeAll(json, format: .jsonl)
        let (jsonRaw, jsonShip) = jsonDecoded[0]
        #expect(jsonText.string(jsonShip.orderID) == "O-1" && Int(jsonShip.orderID.offset) >= jsonRaw.upperBound)
        #expect(jsonShip.note.map(jsonText.string) == "UPS" && jsonRaw.contains(Int(jsonShip.note!.offset)))
    }
}
