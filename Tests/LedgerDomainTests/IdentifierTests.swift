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
