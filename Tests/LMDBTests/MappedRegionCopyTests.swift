import LMDB
import TestSupport
import Testing

struct MappedRegionCopyTests {
    @Test func aCopyReadsFromTheFileTheBytesTheMapHoldsWithoutMappingThem() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "things")
        let big = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try env.write { txn in
            try txn.put(db, "big", big)
            try txn.put(db, "small", [UInt8](repeating: 5, count: 40))
        }
        let region = try #require(env.mappedRegion())
        try env.read { txn in
            let value = try #require(try txn.get(db, "big"))
            let small = try #require(try txn.get(db, "small"))
            region.releasePages()
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: value.count, alignment: 8)
            defer { buffer.deallocate() }
            // A stretch in the middle of the value, another value, then all of it.
            let middle = value.baseAddress! + 12_345
            #expect(region.copy(20_000, at: middle, into: buffer.baseAddress!))
            #expect(buffer[..<20_000].elementsEqual(big[12_345..<32_345]))
            #expect(region.copy(small.count, at: small.baseAddress!, into: buffer.baseAddress!))
            #expect(buffer[..<small.count].allSatisfy { $0 == 5 })
            #expect(region.copy(value.count, at: value.baseAddress!, into: buffer.baseAddress!))
            #expect(buffer.elementsEqual(big))
        }
    }

    @Test func aCopyOfBytesOutsideTheMapIsRefused() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path)
        _ = try env.openDatabase(named: "things")
        let region = try #require(env.mappedRegion())
        let elsewhere = [UInt8](repeating: 1, count: 64)
        var buffer = [UInt8](repeating: 0, count: 64)
        let copied = elsewhere.withUnsafeBytes { source in
            buffer.withUnsafeMutableBytes { region.copy(64, at: source.baseAddress!, into: $0.baseAddress!) }
        }
        #expect(!copied)
        #expect(buffer.allSatisfy { $0 == 0 })
    }
}
