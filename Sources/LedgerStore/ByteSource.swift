import Foundation

/// A buffered, seekable window on a file descriptor. Bytes from `start` to `end` are in memory;
/// `start` only moves forward, and `refill` slides the window when the caller needs more.
final class ByteSource {
    private let descriptor: Int32
    private(set) var buffer: UnsafeMutableRawBufferPointer
    /// The file offset of `buffer[0]`.
    private(set) var baseOffset: UInt64 = 0
    /// The first byte the caller still needs.
    var start = 0
    /// One past the last byte read.
    private(set) var end = 0
    private(set) var reachedEnd = false

    init(descriptor: Int32, capacity: Int = 4 << 20) {
        self.descriptor = descriptor
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Reads the first bytes and skips a UTF-8 byte order mark if the file starts with one.
    func skipByteOrderMark() throws {
        while end < 3, try refill() {}
        if end >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { discard(upTo: 3) }
    }

    /// The file offset of `index` in the buffer.
    func offset(of index: Int) -> UInt64 { baseOffset + UInt64(index) }

    /// Moves the kept bytes (from `start`) to the front of the buffer, so `start` becomes 0, and
    /// reads more. Returns `false` at the end of the file. Callers re-derive indices from `start`.
    func refill() throws -> Bool {
        if start > 0 {
            let kept = end - start
            if kept > 0 {
                buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: kept)
            }
            baseOffset += UInt64(start)
            start = 0
            end = kept
        }
        if end == buffer.count {
            let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
            bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<end]))
            buffer.deallocate()
            buffer = bigger
        }
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress! + end, buffer.count - end)
            if count < 0 {
                if errno == EINTR { continue }
                throw BatchFileError("cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                reachedEnd = true
                return false
            }
            end += count
            return true
        }
    }

    /// Forgets the bytes before `index` for good (they were consumed).
    func discard(upTo index: Int) { start = index }

    /// Drops everything buffered and continues at file offset `offset`.
    func seek(to offset: UInt64) throws {
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
            throw BatchFileError("cannot seek: \(String(cString: strerror(errno)))")
        }
        baseOffset = offset
        start = 0
        end = 0
        reachedEnd = false
    }

    subscript(index: Int) -> UInt8 { buffer[index] }

    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: buffer[range])
    }
}
