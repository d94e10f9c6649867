import Glibc
import Testing

@testable import LedgerStore

/// A last pass over a buffer hands back the whole pages behind it, and nothing else.
struct PagesBehindTests {
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    @Test func onlyTheWholePagesBeforeTheAddressPassedReadAsZeros() throws {
        let length = 16 * Self.pageSize
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: Self.pageSize)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0xAB)
        let base = buffer.baseAddress!
        // The buffer starts 100 bytes into a page: that page is never handed back.
        let start = base + 100
        var behind = PagesBehind(UnsafeRawBufferPointer(start: start, count: length - 100 - Self.pageSize / 2))
        behind.release(before: start + 5 * Self.pageSize + 7)
        // The address passed lies 107 bytes into the buffer's sixth page: five pages before it,
        // the first of them the buffer's partial one.
        let zeroed = Self.pageSize..<(5 * Self.pageSize)
        for offset in stride(from: 0, to: length, by: 64) {
            #expect(buffer[offset] == (zeroed.contains(offset) ? 0 : 0xAB), "byte \(offset)")
        }
        // Past the end: only up to the buffer's last whole page, whose end is 15 pages in.
        behind.release(before: base + length)
        for offset in stride(from: 0, to: length, by: 64) {
            let handedBack = offset >= Self.pageSize && offset < 15 * Self.pageSize
            #expect(buffer[offset] == (handedBack ? 0 : 0xAB), "byte \(offset)")
        }
    }

    @Test func aPassOverSegmentsHandsBackEachSegmentAsItIsPassed() throws {
        let perPage = Self.pageSize / 8
        let values = Segmented([
            [UInt64](repeating: 7, count: 10 * perPage), [UInt64](repeating: 9, count: 10 * perPage),
        ])
        var behind = SegmentedPagesBehind(values)
        behind.release(before: 12 * perPage)
        // The first segment's whole pages, and the second's up to the value passed.
        let first = values.segments[0]
        let second = values.segments[1]
        #expect(first.filter { $0 == 0 }.count >= 8 * perPage)
        #expect(first.allSatisfy { $0 == 0 || $0 == 7 })
        #expect(second[0..<(2 * perPage)].contains(0))
        #expect(second[(2 * perPage)...].allSatisfy { $0 == 9 })
        behind.release(before: values.endIndex)
        #expect(second.filter { $0 == 0 }.count >= 8 * perPage)
    }
}
