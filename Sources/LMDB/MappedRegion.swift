import Foundation

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
        _ = madvise(address, length, MADV_DONTNEED)
    }
}
