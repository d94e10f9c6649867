import FoundationEssentials
import Glibc
import Synchronization

/// The address range where the process maps an environment's data file.
public struct MappedRegion: Sendable {
    let start: UInt
    let length: Int

    /// Finds the mapping of the file with inode `inode` in `/proc/self/maps`.
    init?(ofFileWithInode inode: UInt64) {
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        // Each line: start-end perms offset dev inode path
        while getline(&line, &capacity, maps) > 0, let line {
            let fields = String(cString: line).split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, UInt64(fields[4]) == inode else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16) else {
                continue
            }
            self.start = start
            length = Int(end - start)
            return
        }
        return nil
    }

    /// Drops the process's mapping of the region's pages: they stay in the page cache and are
    /// mapped again when read, so values borrowed from a read transaction stay valid. A long scan
    /// calls it now and then to keep the pages it has read from adding up in resident memory.
    // Safe: MADV_DONTNEED on a shared file mapping drops pages, not data: a later read maps them again from the page cache.
    public func releasePages() {
        guard let address = UnsafeMutableRawPointer(bitPattern: start) else { return }
        Self.releaseCount.add(1, ordering: .relaxed)
        _ = madvise(address, length, MADV_DONTNEED)
    }

    /// How many times pages of a map were dropped in this process so far (counted as each drop
    /// begins). A reader that sees the same count as when it last read a value in the map knows
    /// that value's pages are most likely still mapped (a drop may begin at any moment: reading
    /// them is always safe, at worst it faults).
    public static var releases: Int { releaseCount.load(ordering: .relaxed) }
    private static let releaseCount = Atomic<Int>(0)

    /// Drops the region's pages as `releasePages` does, but only once the file pages mapped in
    /// the process (its resident `RssFile` and `RssShmem`) are more than `budget` bytes; returns
    /// whether it dropped them. It reads `/proc/self/statm` (a few microseconds), so a scan may
    /// ask every few thousand entries and keep its mapped pages within the budget while mapping
    /// each page about once, where dropping them at every ask maps them again and again.
    @discardableResult
    public func releasePages(ifMappedOver budget: Int) -> Bool {
        guard let mapped = Self.mappedFileBytes(), mapped > budget else { return false }
        releasePages()
        return true
    }

    /// `/proc/self/statm`, open for the process's lifetime: each read is one `pread`, several times
    /// cheaper than opening and closing it each time (the import looks every 256 records).
    private static let statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)

    /// The bytes of file pages mapped in the process's resident memory (the third number of
    /// `/proc/self/statm`, in pages), or `nil` if they cannot be read.
    static func mappedFileBytes() -> Int? {
        guard statm >= 0 else { return nil }
        // "size resident shared text lib data dt", in pages.
        let pages = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer -> Int? in
            let count = pread(statm, buffer.baseAddress, buffer.count, 0)
            guard count > 0 else { return nil }
            var field = 0
            var value = 0
            var digits = 0
            for byte in buffer[..<count] {
                if (48...57).contains(byte) {
                    guard digits < 15 else { return nil }
                    value = value * 10 + Int(byte - 48)
                    digits += 1
                } else if digits > 0 {
                    if field == 2 { return value }
                    field += 1
                    value = 0
                    digits = 0
                }
            }
            return nil
        }
        let size = sysconf(Int32(_SC_PAGESIZE))
        guard let pages, size > 0 else { return nil }
        return pages * size
    }
}
