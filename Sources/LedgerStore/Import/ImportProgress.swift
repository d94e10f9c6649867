public import BatchFormats

/// How far the import of one content (by SHA-256) got; stored in the same transaction as its events.
public struct ImportProgress: Hashable, Sendable {
    /// `true` once every record was applied (or, with `--atomic`, the whole file was).
    public var finished: Bool
    /// Where the first record not yet applied starts.
    public var next: BatchPosition
    public var records: Int
    public var accepted: Int
    public var rejected: Int
    public var duplicates: Int
    /// 0 when no event was appended yet.
    public var firstSeq: UInt64
    public var lastSeq: UInt64

    public init(next: BatchPosition) {
        finished = false
        self.next = next
        records = 0
        accepted = 0
        rejected = 0
        duplicates = 0
        firstSeq = 0
        lastSeq = 0
    }

    static let size = 72

    func encode(into buffer: UnsafeMutableRawBufferPointer) {
        var writer = ByteWriter(buffer)
        writer.write(UInt8(finished ? 2 : 1))
        for _ in 0..<7 { writer.write(UInt8(0)) }
        writer.write(next.offset)
        writer.write(UInt64(next.line))
        for count in [records, accepted, rejected, duplicates] { writer.write(UInt64(count)) }
        writer.write(firstSeq)
        writer.write(lastSeq)
    }

    init(decoding bytes: UnsafeRawBufferPointer) throws(StoreError) {
        guard bytes.count == Self.size else { throw StoreError.corrupt("an import record has \(bytes.count) bytes") }
        var reader = ByteReader(bytes, what: "an import record")
        finished = try reader.read(UInt8.self) == 2
        _ = try reader.readBytes(7)
        next = BatchPosition(offset: try reader.read(), line: Int(try reader.read(UInt64.self)))
        records = Int(try reader.read(UInt64.self))
        accepted = Int(try reader.read(UInt64.self))
        rejected = Int(try reader.read(UInt64.self))
        duplicates = Int(try reader.read(UInt64.self))
        firstSeq = try reader.read()
        lastSeq = try reader.read()
    }
}
