import Glibc

/// Hands back to the system the whole pages of a buffer that a pass has read for the last time,
/// as the pass moves on: what a write-back holds in memory shrinks as fast as the pages LMDB
/// dirties for it grow (LMDB keeps a write transaction's dirty pages until the commit). A page
/// handed back reads as zeros afterwards: only for a buffer that nothing reads behind the pass.
struct PagesBehind {
    private static let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
    /// The first byte not handed back yet (a page boundary).
    private var released: UInt
    /// The end of the last whole page of the buffer.
    private let end: UInt

    /// For the buffer `bytes`; only pages that lie wholly inside it are handed back (none of an
    /// empty one).
    init(_ bytes: UnsafeRawBufferPointer) {
        let first = UInt(bitPattern: bytes.baseAddress)
        released = (first + Self.pageSize - 1) / Self.pageSize * Self.pageSize
        end = bytes.baseAddress == nil ? 0 : (first + UInt(bytes.count)) / Self.pageSize * Self.pageSize
    }

    /// Hands back the whole pages before `address`, which the pass has passed.
    mutating func release(before address: UnsafeRawPointer) {
        let passed = min(UInt(bitPattern: address) / Self.pageSize * Self.pageSize, end)
        guard passed > released, let pages = UnsafeMutableRawPointer(bitPattern: released) else { return }
        // Safe: private anonymous memory (malloc's), read no more; its first and last partial
        // pages, where the allocator's own bytes may lie, are never handed back.
        _ = madvise(pages, Int(passed - released), MADV_DONTNEED)
        released = passed
    }
}
