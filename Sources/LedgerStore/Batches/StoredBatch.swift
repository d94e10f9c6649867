public import BatchFormats
public import LedgerDomain

/// One batch as the store records it (SPEC §5): its format, the bytes it covers — the first
/// `next.offset` bytes of the file, whose SHA-256 is `digest` — and what importing them did.
/// A continuation covers its file from byte 0 too, but applied only the records after `start`.
/// Stored in the same transaction as the events of each chunk.
public struct StoredBatch: Hashable, Sendable {
    public var format: RecordFormat
    /// Every record of the covered bytes was applied (or, with `--atomic`, the whole file was).
    public var finished = false
    /// Whether the covered bytes end with a line end (no bytes: `true`).
    public var endsWithLineEnd = true
    /// The batch this one continues (0: none).
    public var parent: UInt64 = 0
    /// Where this batch's records start: after the header, or where the batch it continues ended.
    public var start: BatchPosition
    /// Where the first record not yet applied starts; `next.offset` is the committed length.
    public var next: BatchPosition
    /// SHA-256 of the file's bytes before `next.offset`.
    public var digest: [UInt8]
    public var records = 0
    public var accepted = 0
    public var rejected = 0
    public var duplicates = 0
    /// 0 when no event was appended yet.
    public var firstSeq: UInt64 = 0
    public var lastSeq: UInt64 = 0
    /// The data records before `next.offset`, this batch's and those of the batches it continues.
    public var chainRecords = 0

    init(format: RecordFormat, start: BatchPosition, hash: BatchHash) {
        self.format = format
        self.start = start
        next = start
        digest = hash.digest
    }

    /// About how many command ids the bytes after `next` bring, in a file of `size` bytes (the
    /// import's command index makes room for them once). Only those bytes bring new ones: a
    /// resumed import's table holds the earlier ones already (room for the whole file again
    /// doubled it, 64 MiB more at 1M orders). A record with a command id takes well over 64 bytes
    /// in CSV and 96 in JSON Lines, and most batches carry fewer ids; the records left bring at
    /// most one each, and are about as long as the batch's committed ones (a fifth more of them is
    /// allowed for: a table sized for exactly as many grew on `wide`, reading every id again). A
    /// resumed `hostile` JSON Lines import expects 2.8M, not 4.2M.
    func expectedClaims(inFileOf size: UInt64) -> Int {
        let remaining = size - min(size, next.offset)
        var claims = remaining / (format == .jsonl ? 192 : 128)
        let committedBytes = next.offset - min(next.offset, start.offset)
        if records > 0, committedBytes >= UInt64(records) {
            let records = remaining / (committedBytes / UInt64(records))
            claims = min(claims, records + records / 5)
        }
        return Int(claims)
    }

    /// The lines of the batch it continues, for the summary's `continued_after_line`.
    public var continuedAfterLine: Int? { parent == 0 ? nil : start.line - 1 }

    static let size = 144

    func encode(into buffer: UnsafeMutableRawBufferPointer) {
        var writer = ByteWriter(buffer)
        writer.write(UInt8(format == .csv ? 1 : 2))
        writer.write(UInt8(finished ? 1 : 0))
        writer.write(UInt8(endsWithLineEnd ? 1 : 0))
        for _ in 0..<5 { writer.write(UInt8(0)) }
        writer.write(parent)
        for position in [start, next] {
            writer.write(position.offset)
            writer.write(UInt64(position.line))
        }
        for count in [records, accepted, rejected, duplicates, chainRecords] { writer.write(UInt64(count)) }
        writer.write(firstSeq)
        writer.write(lastSeq)
        writer.write(bytes: digest)
    }

    init(decoding bytes: UnsafeRawBufferPointer) throws(StoreError) {
        guard bytes.count == Self.size else { throw StoreError.corrupt("a batch record has \(bytes.count) bytes") }
        var reader = ByteReader(bytes, what: "a batch record")
        switch try reader.read(UInt8.self) {
        case 1: format = .csv
        case 2: format = .jsonl
        case let other: throw StoreError.corrupt("a batch record names format \(other)")
        }
        finished = try reader.read(UInt8.self) == 1
        endsWithLineEnd = try reader.read(UInt8.self) == 1
        _ = try reader.readBytes(5)
        parent = try reader.read()
        func position(_ reader: inout ByteReader) throws(StoreError) -> BatchPosition {
            let offset: UInt64 = try reader.read()
            let line: UInt64 = try reader.read()
            guard line >= 1, line <= UInt64(Int.max) else { throw StoreError.corrupt("a batch record has line \(line)") }
            return BatchPosition(offset: offset, line: Int(line))
        }
        start = try position(&reader)
        next = try position(&reader)
        var counts: [Int] = []
        for _ in 0..<5 {
            let count: UInt64 = try reader.read()
            guard count <= UInt64(Int.max) else { throw StoreError.corrupt("a batch record has count \(count)") }
            counts.append(Int(count))
        }
        (records, accepted, rejected, duplicates, chainRecords) = (counts[0], counts[1], counts[2], counts[3], counts[4])
        firstSeq = try reader.read()
        lastSeq = try reader.read()
        digest = Array(try reader.readBytes(32))
        guard start.offset <= next.offset, start.line <= next.line else {
            throw StoreError.corrupt("a batch record ends before it starts")
        }
    }
}
