import BatchFormats
import LedgerDomain
import Testing

struct DecodedTextTests {
    let fixture = RawRecordFixture()
    let decoder = CommandDecoder(format: .csv)
    let place: [KnownField: String] = [
        .type: "place", .orderID: "O-1", .customerID: "C-1", .currency: "EUR",
        .lines: "A-1*2@1250;B-7*1@500", .at: "2026-03-01T10:15:00Z", .commandID: "cmd-1",
    ]

    @Test func aDecodedPlaceKeepsItsIdsInTheTextWithTheirHashes() throws {
        var text = DecodedText()
        let command = try decoder.decode(fixture.csv(place), into: &text).get()
        #expect(command.kind == .place && command.amount == 3000 && command.lines.count == 2)
        #expect(text.string(command.orderID) == "O-1" && text.string(command.customer) == "C-1")
        #expect(command.commandID.map(text.string) == "cmd-1")
        #expect(text.lines[command.lines].map { text.string($0.sku) } == ["A-1", "B-7"])
        let hashes = text.bytes.withUnsafeBytes { bytes in
            [command.orderID, command.customer].map { ($0.hash, IdentifierHash.of($0.bytes(in: bytes))) }
        }
        #expect(hashes.allSatisfy { $0.0 == $0.1 })
    }

    @Test func aMalformedRecordLeavesNothingInTheText() throws {
        var text = DecodedText()
        let first = try decoder.decode(fixture.csv(place), into: &text).get()
        let (bytes, lines) = (text.bytes.count, text.lines.count)
        var broken = place
        broken[.orderID] = "O-2"
        broken[.lines] = "A-1*2@1250;B-7*0@500"  // the second line's qty is out of range, after its sku was read
        #expect(throws: Rejection.self) { try decoder.decode(fixture.csv(broken), into: &text).get() }
        #expect(text.bytes.count == bytes && text.lines.count == lines)
        var next = place
        next[.orderID] = "O-3"
        let third = try decoder.decode(fixture.csv(next), into: &text).get()
        #expect(text.string(first.orderID) == "O-1" && text.string(third.orderID) == "O-3")
        #expect(third.lines == lines..<lines + 2)
    }

    @Test func aNoteIsKeptAndAnEmptyOneDiffersFromNone() throws {
        var text = DecodedText()
        let ship: [KnownField: String] = [.type: "ship", .orderID: "O-1", .at: "2026-03-01T10:15:00Z", .carrier: "DHL"]
        let shipped = try decoder.decode(fixture.csv(ship), into: &text).get()
        #expect(shipped.note.map(text.string) == "DHL")
        var bare = ship
        bare[.carrier] = nil
        #expect(try decoder.decode(fixture.csv(bare), into: &text).get().note == nil)
        let json = CommandDecoder(format: .jsonl)
        var record = fixture.csv(bare)
        record.carrier = fixture.text("")
        let empty = try json.decode(record, into: &text).get()
        #expect(empty.note.map(text.string) == "")
        #expect(json.decode(record).map(\.action) == .success(.ship(carrier: "")))
    }
}
