public import BatchFormats

/// How far the import of one content (by the SHA-256 of the whole file) got, as store format 1
/// recorded it (`imports`); read only to adopt such records (`LegacyImports`).
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

    static let size = 72

    init(decoding bytes: UnsafeRawBufferPointer) throws(StoreError) {
        guard bytes.count == Self.size else { throw StoreError.corrupt("an import record has \(bytes.count) bytes") }
        var reader = ByteReader(bytes, what: "an import record")
        finished = try reader.read(UInt8.self) == 2
        _ = try reader.readBytes(7)
        func count(_ reader: inout ByteReader) throws(StoreError) -> Int {
            let value: UInt64 = try reader.read()
            guard value <= UInt64(Int.max) else { throw StoreError.corrupt("an import record has count \(value)") }
            return Int(value)
        }
        next = BatchPosition(offset: try reader.read(), line: try count(&reader))
        records = try count(&reader)
        accepted = try count(&reader)
        rejected = try count(&reader)
        duplicates = try count(&reader)
        firstSeq = try reader.read()
        lastSeq = try reader.read()
    }
}
