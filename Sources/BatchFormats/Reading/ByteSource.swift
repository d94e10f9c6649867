import FoundationEssentials
import Glibc

/// A buffered, seekable window on a batch file, shared by the readers. Bytes from `start` to
/// `end` are in memory; `start` only moves forward, and `refill` slides the window when the
/// caller needs more. It also tracks the line of the next record, and keeps the first KiB of a
/// record too long to hold.
///
/// It hashes the bytes the reader consumed, each once, in the one pass that parses them: bytes
/// before `start` are hashed before a refill drops them, and `consumedHash()` catches up to
/// `start` (always a record boundary). With a `ReadLimit` it reads no further than the size the
/// file had when opened.
// Safe: both buffers are owned here (allocated in init, freed in deinit); every read and copy stays inside `start..<end`.
final class ByteSource {
    private let descriptor: Int32
    private let limit: ReadLimit?
    /// The digest of the file's bytes before `hashedUpTo`.
    private var hash: any ConsumedBytesDigest
    private var hashedUpTo: UInt64 = 0
    private var lastHashedByte: UInt8 = 0x0A
    /// The file grew after it was opened (known once the end of the limit was reached): a last
    /// record without its line end is left for the next run.
    private(set) var grew = false
    private(set) var buffer: UnsafeMutableRawBufferPointer
    /// The file offset of `buffer[0]`.
    private(set) var baseOffset: UInt64 = 0
    /// The first byte the caller still needs.
    var start = 0
    /// One past the last byte read.
    private(set) var end = 0
    private(set) var reachedEnd = false
    /// The 1-based line on which the next record starts.
    var nextLine = 1
    private let prefix = UnsafeMutableRawBufferPointer.allocate(byteCount: 1024, alignment: 1)

    init(descriptor: Int32, capacity: Int = 4 << 20, limit: ReadLimit? = nil, digest: any ConsumedBytesDigest) {
        self.descriptor = descriptor
        hash = digest
        self.limit = limit
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        buffer.deallocate()
        prefix.deallocate()
    }

    /// Where the next record starts.
    var position: BatchPosition { BatchPosition(offset: offset(of: start), line: nextLine) }

    /// Copies the first KiB (at most) of the bytes from `index`, for reporting a record that is
    /// too long to keep; valid until the next call.
    func keepPrefix(from index: Int) -> UnsafeRawBufferPointer {
        let kept = min(prefix.count, end - index)
        prefix.copyMemory(from: bytes(index..<(index + kept)))
        return UnsafeRawBufferPointer(rebasing: prefix[0..<kept])
    }

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
            hash(upTo: offset(of: start))
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
            var wanted = buffer.count - end
            if let limit {
                let left = limit.size - min(limit.size, offset(of: end))
                wanted = Int(min(UInt64(wanted), left))
                if wanted == 0 {
                    grew = try limit.checkAtEnd()
                    reachedEnd = true
                    return false
                }
            }
            let count = Glibc.read(descriptor, buffer.baseAddress! + end, wanted)
            if count < 0 {
                if errno == EINTR { continue }
                throw BatchFileError("cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                if let limit {
                    // The file ends before the size it had when opened: the limit's check says
                    // by how much (its size now, where this read ended).
                    _ = try limit.checkAtEnd()
                    throw BatchFileError(
                        "the file shrank while it was read (it had \(limit.size) bytes when opened, and ended after \(offset(of: end)))"
                    )
                }
                reachedEnd = true
                return false
            }
            end += count
            return true
        }
    }

    /// Forgets the bytes before `index` for good (they were consumed).
    func discard(upTo index: Int) { start = index }

    /// Hashes the consumed bytes up to `offset` (a record boundary at or before `start`).
    private func hash(upTo offset: UInt64) {
        guard offset > hashedUpTo else { return }
        let from = Int(hashedUpTo - baseOffset), to = Int(offset - baseOffset)
        hash.update(bytes(from..<to))
        lastHashedByte = buffer[to - 1]
        hashedUpTo = offset
    }

    /// The hash of every byte before `start` (the bytes consumed so far), and whether they end
    /// with a line end (no bytes: `true`).
    func consumedHash() -> (hash: any ConsumedBytesDigest, endsWithLineEnd: Bool) {
        hash(upTo: offset(of: start))
        return (hash, lastHashedByte == 0x0A)
    }

    /// Drops everything buffered and continues at `position`, whose bytes before it hash to `hashed`.
    func seek(to position: BatchPosition, hashed: any ConsumedBytesDigest) throws {
        precondition(hashed.length == position.offset, "the hash must cover exactly the bytes before the position")
        hash = hashed
        hashedUpTo = position.offset
        lastHashedByte = 0x0A
        grew = false
        guard lseek(descriptor, off_t(position.offset), SEEK_SET) >= 0 else {
            throw BatchFileError("cannot seek: \(String(cString: strerror(errno)))")
        }
        nextLine = position.line
        baseOffset = position.offset
        start = 0
        end = 0
        reachedEnd = false
    }

    subscript(index: Int) -> UInt8 { buffer[index] }

    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: buffer[range])
    }
}
