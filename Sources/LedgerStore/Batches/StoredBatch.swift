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
    /// The rejections stored under this batch (`rejections`): how many, and the sum of their
    /// checks (`StoredRejection.check`), so that one lost, added or changed is found (format 6).
    var storedRejections = 0
    var rejectionSum: UInt64 = 0

    init(format: RecordFormat, start: BatchPosition, hash: BatchHash) {
        self.format = format
        self.start = start
        next = start
        digest = hash.digest
    }

    /// About how many command ids the bytes after `next` bring, in a file of `size` bytes (the
    /// import's command index makes room for them once). Only those bytes bring new ones: a
    /// resumed import's table holds the earlier ones already (room for the whole file again would
    /// double it). A record with a command id takes well over 64 bytes
    /// in CSV and 96 in JSON Lines, and most batches carry fewer ids; the records left bring at
    /// most one each, and are about as long as the batch's committed ones (a fifth more of them is
    /// allowed for: a table sized for exactly as many can grow, reading every id again).
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

    /// The most command ids the bytes after `next` can bring, in a file of `size` bytes: one per
    /// record as short as a record with a command id can be (four fields, one of them a
    /// timestamp, in CSV; their names as well in JSON Lines).
    func mostClaims(inFileOf size: UInt64) -> Int {
        Int((size - min(size, next.offset)) / (format == .jsonl ? 64 : 28))
    }

    /// The lines of the batch it continues, for the summary's `continued_after_line`.
    public var continuedAfterLine: Int? { parent == 0 ? nil : start.line - 1 }

    /// Counts `rejection`, stored under this batch.
    mutating func add(_ rejection: StoredRejection) {
        storedRejections += 1
        rejectionSum &+= rejection.check
    }

    /// The size of a record of format 2 to 5, and of one of format 6: the same fields, then the
    /// rejections' count and sum, the SHA-256 of the first `BatchHead.length` bytes of the file
    /// (which its head key holds; zeros for a batch covering fewer) and the record's check.
    static let uncheckedSize = 144
    static let size = 192
    private static let checkOffset = 184

    /// Writes the record of batch `number`, whose file starts with `head` (its first min(4 KiB,
    /// size) bytes), into `buffer` of `size` bytes.
    func encode(into buffer: UnsafeMutableRawBufferPointer, number: UInt64, head: [UInt8]) {
        encode(into: buffer, number: number, headDigest: Self.headDigest(covered: next.offset, head: head))
    }

    /// The digest of the head key of a batch covering `covered` bytes of a file starting with `head`.
    static func headDigest(covered: UInt64, head: [UInt8]) -> [UInt8] {
        covered >= UInt64(BatchHead.length)
            ? head.prefix(BatchHead.length).withUnsafeBytes { BatchHash.of($0) } : [UInt8](repeating: 0, count: 32)
    }

    /// Writes the record of batch `number` with `headDigest` (`headDigest(covered:head:)`).
    // Safe: `putBatch` reserves `size` bytes, all that is written and hashed.
    func encode(into buffer: UnsafeMutableRawBufferPointer, number: UInt64, headDigest: [UInt8]) {
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
        writer.write(UInt64(storedRejections))
        writer.write(rejectionSum)
        writer.write(bytes: headDigest)
        writer.write(StoredCheck.of(UnsafeRawBufferPointer(rebasing: buffer[..<Self.checkOffset]), salt: number))
    }

    /// The digest of its head key that the record `bytes` holds (format 6, checked when decoded).
    // Safe: callers pass a record that decoded with its check, so it has `size` bytes.
    static func headDigest(in bytes: UnsafeRawBufferPointer) -> [UInt8] {
        Array(bytes[(checkOffset - 32)..<checkOffset])
    }

    /// Decodes the record of batch `number`; `checked`: a record of format 6, which must pass its
    /// check (an older one has no check, nor the rejections' count and sum).
    // Safe: the check is read and the bytes before it hashed only once the length is known to be `size`.
    init(decoding bytes: UnsafeRawBufferPointer, number: UInt64, checked: Bool) throws(StoreError) {
        guard bytes.count == (checked ? Self.size : Self.uncheckedSize) else {
            throw StoreError.corrupt("the record of batch \(number) has \(bytes.count) bytes")
        }
        if checked {
            let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: Self.checkOffset, as: UInt64.self))
            guard stored == StoredCheck.of(UnsafeRawBufferPointer(rebasing: bytes[..<Self.checkOffset]), salt: number) else {
                throw StoreError.corrupt("the record of batch \(number) fails its check")
            }
        }
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
        if checked {
            let rejections = try reader.read(UInt64.self)
            guard rejections <= UInt64(Int.max) else { throw StoreError.corrupt("a batch record has count \(rejections)") }
            storedRejections = Int(rejections)
            rejectionSum = try reader.read()
        }
        guard start.offset <= next.offset, start.line <= next.line else {
            throw StoreError.corrupt("a batch record ends before it starts")
        }
    }
}
