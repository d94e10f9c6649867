import FoundationEssentials
import Glibc
public import LedgerDomain

/// Reads a JSON Lines batch (SPEC §4, §9) as a stream of records in constant memory.
// Safe: memchr searches only the bytes the source holds; the records lent point into its buffer until the next call.
public final class JSONLinesReader: BatchReader {
    public let format = RecordFormat.jsonl
    private let source: ByteSource
    private let arena = OwnedBytes(capacity: 4096)
    private let keys = UnsafeMutablePointer<UnsafeRawBufferPointer>.allocate(capacity: JSONLineParser.keyCapacity)
    private let lines = RawLineBuffer()
    private let recordLimit: Int

    /// `limit`: read no further than the file's size when opened; `digest`: what hashes the bytes consumed.
    public init(
        descriptor: Int32, recordLimit: Int = LedgerLimits.recordBytes,
        bufferCapacity: Int = 4 << 20, limit: ReadLimit? = nil, digest: any ConsumedBytesDigest = ConsumedByteCount()
    ) throws {
        source = ByteSource(descriptor: descriptor, capacity: bufferCapacity, limit: limit, digest: digest)
        self.recordLimit = recordLimit
        try source.skipByteOrderMark()
    }

    deinit { keys.deallocate() }

    public var position: BatchPosition { source.position }

    public func seek(to position: BatchPosition, hashed: any ConsumedBytesDigest) throws {
        try source.seek(to: position, hashed: hashed)
    }

    public func consumedHash() -> (hash: any ConsumedBytesDigest, endsWithLineEnd: Bool) { source.consumedHash() }

    public func next() throws -> BatchRecord? {
        while true {
            let start = source.start
            let available = source.bytes(start..<source.end)
            let lineEnd: Int
            let next: Int
            if let base = available.baseAddress, let found = memchr(base, 0x0A, available.count) {
                lineEnd = start + (UnsafeRawPointer(found) - base)
                next = lineEnd + 1
            } else if available.count > recordLimit + 1 {
                return try skipOversized()
            } else if !source.reachedEnd {
                _ = try source.refill()
                continue
            } else if available.isEmpty || source.grew {
                return nil  // a last line without its line end in a file that grew: left for the next run
            } else {
                lineEnd = source.end
                next = source.end
            }
            let line = source.nextLine
            // Only a line end starts the next line (as the CSV reader counts them): a batch whose
            // last line has none ends on that line.
            if next > lineEnd { source.nextLine += 1 }
            source.discard(upTo: next)
            let content = source.bytes(start..<lineEnd)
            if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let raw = content.last == 0x0D ? UnsafeRawBufferPointer(rebasing: content.dropLast()) : content
            guard content.count <= recordLimit else {
                return BatchRecord(
                    line: line, raw: UnsafeRawBufferPointer(rebasing: raw.prefix(1024)),
                    content: .failure(CSVReader.oversized(content.count, limit: recordLimit)))
            }
            arena.reserve(content.count)
            var parser = JSONLineParser(line: content, arena: arena.baseAddress, keys: keys, lines: lines)
            let parsed: Result<RawRecord, Rejection>
            do {
                parsed = .success(try parser.parseRecord())
            } catch {
                parsed = .failure(error)
            }
            return BatchRecord(line: line, raw: raw, content: parsed)
        }
    }

    /// Reads past a line longer than the limit without keeping it: only its first KiB stays.
    private func skipOversized() throws -> BatchRecord {
        let line = source.nextLine
        let raw = source.keepPrefix(from: source.start)
        var length = 0
        while true {
            let available = source.bytes(source.start..<source.end)
            if let base = available.baseAddress, let found = memchr(base, 0x0A, available.count) {
                let consumed = UnsafeRawPointer(found) - base
                length += consumed
                source.discard(upTo: source.start + consumed + 1)
                source.nextLine += 1
                break
            }
            length += available.count
            source.discard(upTo: source.end)
            if try !source.refill() { break }
        }
        return BatchRecord(
            line: line, raw: raw,
            content: .failure(CSVReader.oversized(length, limit: recordLimit)))
    }
}
