import LMDB
import TestSupport
import Testing

struct MappedPagesBudgetTests {
    @Test func pagesAreDroppedOnlyOnceTheFilePagesMappedAreOverTheBudget() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "things")
        let big = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try env.write { txn in try txn.put(db, "big", big) }
        let region = try #require(env.mappedRegion())
        try env.read { txn in
            let value = try #require(try txn.get(db, "big"))
            #expect(value.elementsEqual(big))
            // The process maps more than a megabyte of files (its own code, the value just read),
            // and far less than all the memory there is.
            #expect(!region.releasePages(ifMappedOver: Int.max))
            #expect(region.releasePages(ifMappedOver: 1 << 20))
            #expect(value.elementsEqual(big))
        }
    }

    @Test func everyDropOfPagesIsCountedSoThatAReaderKnowsWhatMayNoLongerBeMapped() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path)
        let region = try #require(env.mappedRegion())
        let before = MappedRegion.releases
        region.releasePages()
        #expect(MappedRegion.releases > before)
        let after = MappedRegion.releases
        #expect(!region.releasePages(ifMappedOver: Int.max))
        #expect(MappedRegion.releases >= after)
    }
}
