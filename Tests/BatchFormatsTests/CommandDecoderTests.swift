import BatchFormats
import LedgerDomain
import Testing

struct CommandDecoderTests {
    let fixture = RawRecordFixture()
    let place: [KnownField: String] = [
        .type: "place", .orderID: "O-1", .customerID: "C-1", .currency: "EUR",
        .lines: "A-1*2@1250;B-7*1@500", .at: "2026-03-01T10:15:00Z",
    ]

    func malformedMessage(_ fields: [KnownField: String]) -> String? {
        guard case .failure(let rejection) = fixture.decodeCSV(fields), rejection.code == .malformed else { return nil }
        return rejection.message
    }

    @Test func aPlaceRecordBecomesAPlaceCommandWithItsTotal() throws {
        let command = try fixture.decodeCSV(place).get()
        guard case .place(let placement) = command.action else { Issue.record("not a place"); return }
        #expect(placement.total == 3000)
        #expect(placement.lines.map(\.sku.rawValue) == ["A-1", "B-7"])
        #expect(command.orderID.rawValue == "O-1")
        #expect(command.commandID == nil)
    }

    @Test func theSameSkuTwiceIsTwoLines() throws {
        var fields = place
        fields[.lines] = "A-1*1@100;A-1*1@100"
        guard case .place(let placement) = try fixture.decodeCSV(fields).get().action else { return }
        #expect(placement.lines.count == 2)
    }

    @Test(arguments: [
        (KnownField.type, "Pay"), (.type, " place"), (.type, "order"), (.orderID, "O 1"), (.customerID, ""),
        (.currency, "eur"), (.currency, " EUR"), (.lines, "A-1*2@"), (.lines, "A-1*0@100"), (.lines, "A-1*1000001@1"),
        (.lines, "A-1*1@1000000000001"), (.lines, "A-1*1@-5"), (.lines, "A-1*1@0"), (.lines, "A-1*1@1;"),
        (.lines, "A-1*+1@5"), (.lines, "A-1*1@1.0"), (.lines, "A-1@1*2"), (.lines, "A-1*2"), (.lines, "A-1"),
        (.lines, ";A-1*1@1"), (.lines, "A-1*1@1;;B*1@1"), (.at, "2026-03-01T10:15:60Z"), (.commandID, "bad id"),
    ])
    func anOutOfRangeValueIsMalformed(field: KnownField, value: String) {
        var fields = place
        fields[field] = value
        #expect(malformedMessage(fields) != nil)
    }

    @Test func aMissingRequiredFieldIsMalformedAndNamed() {
        var fields = place
        fields[.customerID] = nil
        #expect(malformedMessage(fields) == "missing customer_id")
    }

    @Test func aTotalOverTenToTheFifteenIsMalformed() {
        var fields = place
        fields[.lines] = "A*1000000@1000000000000;B*1@1"
        #expect(malformedMessage(fields)?.contains("total") == true)
    }

    @Test func aThousandLinesAreAllowedButNotMore() {
        var fields = place
        fields[.lines] = Array(repeating: "A*1@1", count: 1000).joined(separator: ";")
        #expect(malformedMessage(fields) == nil)
        fields[.lines] = Array(repeating: "A*1@1", count: 1001).joined(separator: ";")
        #expect(malformedMessage(fields) != nil)
    }

    @Test func amountsAreDigitsWithinTheirRange() {
        let pay: [KnownField: String] = [.type: "pay", .orderID: "O-1", .at: "2026-03-01T10:15:00Z"]
        for bad in ["0", "-1", "1e3", " 5", "1_000", "1000000000000001", "99999999999999999999999"] {
            var fields = pay
            fields[.amount] = bad
            #expect(malformedMessage(fields) != nil, "amount \(bad)")
        }
        var fields = pay
        // More digits than 64 bits hold are named as written, not as the largest Int64.
        fields[.amount] = "99999999999999999999999"
        #expect(malformedMessage(fields) == #"amount "99999999999999999999999" is out of range (1…1000000000000000)"#)
        fields[.amount] = "000123"
        guard case .success(let command) = fixture.decodeCSV(fields) else { Issue.record("rejected"); return }
        #expect(command.action == .pay(amount: 123))
    }

    @Test func fieldsThatTheTypeDoesNotUseAreIgnored() {
        let fields: [KnownField: String] = [
            .type: "deliver", .orderID: "O-1", .at: "2026-03-01T10:15:00Z", .amount: "junk", .currency: "??",
        ]
        #expect(malformedMessage(fields) == nil)
    }

    @Test func carrierAndReasonAreAtMost200Bytes() {
        var fields: [KnownField: String] = [.type: "ship", .orderID: "O-1", .at: "2026-03-01T10:15:00Z"]
        fields[.carrier] = String(repeating: "é", count: 100)
        #expect(malformedMessage(fields) == nil)
        fields[.carrier] = String(repeating: "é", count: 100) + "x"
        #expect(malformedMessage(fields) != nil)
    }

    @Test func jsonNumbersMustBeIntegersAndStringsAreNotNumbers() {
        var record = fixture.csv([.type: "pay", .orderID: "O-1", .at: "2026-03-01T10:15:00Z"])
        let decoder = CommandDecoder(format: .jsonl)
        record.amount = .integer(5)
        #expect((try? decoder.decode(record).get())?.action == .pay(amount: 5))
        record.amount = fixture.text("5")
        #expect((try? decoder.decode(record).get()) == nil)
        record.amount = .wrongType(.fraction)
        #expect((try? decoder.decode(record).get()) == nil)
    }

    @Test func aWronglyTypedJSONKeyThatTheTypeDoesNotUseIsIgnored() {
        var record = fixture.csv([.type: "deliver", .orderID: "O-1", .at: "2026-03-01T10:15:00Z"])
        record.amount = .wrongType(.boolean)
        record.lines = .wrongType(.object)
        record.currency = .integer(5)
        #expect((try? CommandDecoder(format: .jsonl).decode(record).get())?.action == .deliver)
        record.type = fixture.text("pay")
        #expect((try? CommandDecoder(format: .jsonl).decode(record).get()) == nil)
    }
}
