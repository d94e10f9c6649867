import LedgerDomain
import Testing

struct IdentifierTests {
    @Test(arguments: ["O-1", "a", "..", ".", "-x", "A.b_c:d-9", String(repeating: "x", count: 64)])
    func validIdsAreAccepted(id: String) {
        #expect(OrderID(id)?.rawValue == id)
    }

    @Test(arguments: ["", " O-1", "O 1", "O/1", "é", String(repeating: "x", count: 65)])
    func invalidIdsAreRejected(id: String) {
        #expect(OrderID(id) == nil)
    }

    @Test func everyByteIsJudgedByTheRuleAtEveryPlaceOfIdsOfEveryLength() {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-".utf8)
        // Lengths around the sixteen-byte steps of the check, every place of each.
        for length in [1, 2, 7, 15, 16, 17, 30, 31, 32, 33, 47, 48, 49, 63, 64] {
            for place in 0..<length {
                for byte in UInt8.min...UInt8.max {
                    var id = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    id[place] = byte
                    let valid = id.withUnsafeBytes { Identifier.isValid($0) }
                    if valid != allowed.contains(byte) {
                        Issue.record("byte \(byte) at \(place) of \(length): \(valid ? "accepted" : "rejected")")
                        return
                    }
                }
            }
        }
    }

    @Test func currenciesAreExactlyThreeUpperCaseLetters() {
        #expect(Currency("EUR")?.description == "EUR")
        #expect(Currency("eur") == nil)
        #expect(Currency("EURO") == nil)
        #expect(Currency(" EU") == nil)
    }

    @Test func idsSortInByteOrder() {
        let ids = ["b", "B", "a", "-1", "A"].compactMap { OrderID($0) }.sorted()
        #expect(ids.map(\.rawValue) == ["-1", "A", "B", "a", "b"])
    }
}
