import Testing

@testable import LedgerStore

/// The ids a replay gathers, joined from its ranges' lists without copying them.
struct NameListTests {
    func list(_ names: [String]) -> NameList {
        var list = NameList()
        for name in names { name.utf8CString.withUnsafeBytes { list.append(UnsafeRawBufferPointer(rebasing: $0.dropLast())) } }
        return list
    }

    @Test func listsJoinedFromPartsGiveEveryIdByItsNumber() {
        let names = (0..<50).map { "id-\($0)" + String(repeating: "x", count: $0 % 7) }
        var joined = NameList()
        joined.append(contentsOf: list(Array(names[0..<10])))
        joined.append(contentsOf: list([]))
        joined.append(contentsOf: list(Array(names[10..<11])))
        joined.append(contentsOf: list(Array(names[11..<40])))
        joined.append(contentsOf: list(Array(names[40...])))
        #expect(joined.count == names.count)
        #expect(Array(joined) == names)
        for (number, name) in names.enumerated() {
            #expect(
                name.utf8CString.withUnsafeBytes { joined.hasBytes(UnsafeRawBufferPointer(rebasing: $0.dropLast()), at: number) })
        }
    }

    @Test func listsAreEqualWhenTheyHoldTheSameIdsHoweverTheyWereJoined() {
        let names = ["a", "bb", "", "ccc", "d"]
        var joined = list(Array(names[0..<2]))
        joined.append(contentsOf: list(Array(names[2...])))
        #expect(joined == list(names))
        #expect(joined != list(["a", "bb", "", "ccc", "e"]))
        #expect(joined != list(Array(names[0..<4])))
        #expect(NameList() == list([]))
    }

    @Test func idsAppendedAfterAJoinFollowTheJoinedOnes() {
        var joined = list(["a"])
        joined.append(contentsOf: list(["b", "c"]))
        "d".utf8CString.withUnsafeBytes { joined.append(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
        #expect(Array(joined) == ["a", "b", "c", "d"])
    }
}
