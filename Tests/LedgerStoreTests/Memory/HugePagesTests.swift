import Foundation
import LedgerDomain
import Testing

@testable import LedgerStore

/// The large tables read at random ask for transparent huge pages (`madvise(MADV_HUGEPAGE)`,
/// shown as `hg` among a mapping's `VmFlags` in `/proc/self/smaps`), where the kernel has them.
struct HugePagesTests {
    /// The `VmFlags` of the mapping that holds `address`.
    static func flags(at address: UInt) throws -> [Substring] {
        // Read to its end: the file's size is 0, so a read of that size would stop early.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? file.close() }
        let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if let range = fields.first, range.contains("-"), !line.hasPrefix("VmFlags") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inside, line.hasPrefix("VmFlags:") {
                return Array(fields.dropFirst())
            }
        }
        return []
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")))
    func anArrayReservedOnHugePagesAsksForThem() throws {
        var table: [UInt64] = []
        table.reserveCapacityOnHugePages(1 << 21)  // 16 MiB
        let start = table.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(try Self.flags(at: start + (8 << 20)).contains("hg"))
        // Less than one huge page: no advice. The flags are compared before and after the call on
        // the same storage: malloc may place a small array in memory that an array freed by
        // another test had asked huge pages for (the mapping keeps the flag).
        var small: [UInt64] = []
        small.reserveCapacity(1 << 16)  // 512 KiB
        let smallStart = small.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let before = try Self.flags(at: smallStart + (256 << 10))
        small.reserveCapacityOnHugePages(1 << 16)
        #expect(small.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == smallStart)
        #expect(try Self.flags(at: smallStart + (256 << 10)) == before)
        withExtendedLifetime((table, small)) {}
    }

    /// A currency met widens every row: the rows laid out again ask for huge pages too.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")))
    func replayRowsWidenedForANewCurrencyStayOnHugePages() throws {
        var rows = ReplayRows(customers: 200_000, skus: 0)
        let slot = rows.slot(of: try #require(Currency("EUR")))
        rows.addToCustomer(row: 0, slot: slot, orders: 1, openOrders: 1, cancelled: 0, net: 100)
        // 200,000 rows of 5 amounts: 8 MB.
        #expect(try Self.flags(at: rows.customerStorageAddress + (4 << 20)).contains("hg"))
    }
}
