public import LedgerDomain

/// Reads a CSV batch (SPEC §4, §9) as a stream of records in constant memory.
// Safe: fields point into the source's buffer or the scratch buffer, both owned here; they are lent only until the next call.
public final class CSVReader: BatchReader {
    public let format = RecordFormat.csv
    private let source: ByteSource
    /// The known field of each header column (`nil`: an ignored column).
    private let columns: [KnownField?]
    /// Holds unescaped quoted fields of the current record.
    private let scratch = OwnedBytes(capacity: 4096)
    private let recordLimit: Int
    /// The field boundaries' array, reused by each record's scanner.
    private var fieldStorage: [(start: Int, end: Int, escaped: Bool)] = []

    /// Reads and checks the header. Throws `BatchFileError` for an empty file or a bad header.
    /// `limit`: read no further than the file's size when opened; `digest`: what hashes the bytes consumed.
    public init(
        descriptor: Int32, recordLimit: Int = LedgerLimits.recordBytes,
        bufferCapacity: Int = 4 << 20, limit: ReadLimit? = nil, digest: any ConsumedBytesDigest = ConsumedByteCount()
    ) throws {
        source = ByteSource(descriptor: descriptor, capacity: bufferCapacity, limit: limit, digest: digest)
        self.recordLimit = recordLimit
        try source.skipByteOrderMark()
        guard source.end > source.start else {
            throw BatchFileError("the file is empty; a CSV batch starts with a header line naming its columns")
        }
        let header = try Self.readHeader(source, limit: recordLimit)
        var seen = Set<KnownField>()
        columns = header.names.map { name in name.withUnsafeBytes { KnownField(name: $0) } }
        for case let field? in columns where !seen.insert(field).inserted {
            throw BatchFileError("the header names the column \(field.rawValue) twice")
        }
        let missing = KnownField.required.filter { !seen.contains($0) }
        guard missing.isEmpty else {
            throw BatchFileError(
                "the header lacks the required column\(missing.count > 1 ? "s" : "") "
                    + missing.map(\.rawValue).joined(separator: ", ")
                    + " (the first line must name the columns, e.g. type,order_id,customer_id,currency,lines,amount,at)")
        }
        source.nextLine = 1 + header.lines
    }

    public var position: BatchPosition { source.position }

    public func seek(to position: BatchPosition, hashed: any ConsumedBytesDigest) throws {
        try source.seek(to: position, hashed: hashed)
    }

    public func consumedHash() -> (hash: any ConsumedBytesDigest, endsWithLineEnd: Bool) { source.consumedHash() }

    private static func readHeader(_ source: ByteSource, limit: Int) throws -> (names: [[UInt8]], lines: Int) {
        while true {
            let bytes = source.buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let start = source.start
            var scanner = CSVScanner(start: start, recording: true)
            var outcome = scanner.scan(bytes, from: start, to: source.end, previous: 0)
            if outcome == .needMore {
                if source.end - start > limit { throw BatchFileError("the header line is longer than 1 MiB") }
                if try source.refill() { continue }
                outcome = scanner.finish(at: source.end)
            }
            guard case .complete(_, let next) = outcome else { continue }
            if let error = scanner.error { throw BatchFileError("the header line is not valid CSV: \(error)") }
            let names = scanner.fields.map { field in
                Self.unescape(source.bytes(field.start..<field.end), escaped: field.escaped)
            }
            let lines = Self.lineFeeds(in: source.bytes(start..<next))
            source.discard(upTo: next)
            return (names, lines)
        }
    }

    public func next() throws -> BatchRecord? {
        while true {
            let start = source.start
            let bytes = source.buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            if start == source.end {
                if source.reachedEnd { return nil }
                _ = try source.refill()
                continue
            }
            // Only an empty line (or a lone CR) outside quotes is blank.
            if bytes[start] == UInt8(ascii: "\n") {
                source.discard(upTo: start + 1)
                source.nextLine += 1
                continue
            }
            if bytes[start] == UInt8(ascii: "\r") {
                if start + 1 < source.end {
                    if bytes[start + 1] == UInt8(ascii: "\n") {
                        source.discard(upTo: start + 2)
                        source.nextLine += 1
                        continue
                    }
                } else if source.reachedEnd {
                    if source.grew { return nil }  // maybe the CR of a CRLF still being written
                    source.discard(upTo: start + 1)
                    continue
                } else {
                    _ = try source.refill()
                    continue
                }
            }
            var scanner = CSVScanner(start: start, recording: true, storage: &fieldStorage)
            defer { scanner.recycle(into: &fieldStorage) }
            var outcome = scanner.scan(bytes, from: start, to: source.end, previous: 0)
            if outcome == .needMore {
                if source.end - start > recordLimit + 2 { return try skipOversized() }
                if !source.reachedEnd {
                    _ = try source.refill()
                    continue
                }
                // A last record without its line end in a file that grew: left for the next run.
                if source.grew { return nil }
                outcome = scanner.finish(at: source.end)
            }
            guard case .complete(let contentEnd, let next) = outcome else { continue }
            return record(scanner, start: start, contentEnd: contentEnd, next: next)
        }
    }

    private func record(_ scanner: CSVScanner, start: Int, contentEnd: Int, next: Int) -> BatchRecord {
        let line = source.nextLine
        let text = source.bytes(start..<next)
        // Without a quoted field, the record's only line feed is the one that ends it, if any.
        source.nextLine +=
            scanner.sawQuotedField ? Self.lineFeeds(in: text) : text.last == UInt8(ascii: "\n") ? 1 : 0
        source.discard(upTo: next)
        let raw = source.bytes(start..<contentEnd)
        if raw.count > recordLimit {
            return BatchRecord(
                line: line, raw: UnsafeRawBufferPointer(rebasing: raw.prefix(1024)),
                content: .failure(Self.oversized(raw.count, limit: recordLimit)))
        }
        if let error = scanner.error {
            return BatchRecord(line: line, raw: raw, content: .failure(Rejection(.malformed, "not valid CSV: \(error)")))
        }
        guard scanner.fields.count == columns.count else {
            return BatchRecord(
                line: line, raw: raw,
                content: .failure(
                    Rejection(
                        .malformed, "the record has \(scanner.fields.count) fields; the header has \(columns.count)")))
        }
        scratch.reserve(raw.count)
        var used = 0
        var fields = RawRecord()
        for (column, field) in zip(columns, scanner.fields) {
            guard let known = column, field.end > field.start else { continue }
            if field.escaped {
                let length = Self.unescape(source.bytes(field.start..<field.end), into: scratch.baseAddress + used)
                fields[known] = .text(UnsafeRawBufferPointer(start: scratch.baseAddress + used, count: length))
                used += length
            } else {
                fields[known] = .text(source.bytes(field.start..<field.end))
            }
        }
        return BatchRecord(line: line, raw: raw, content: .success(fields))
    }

    /// Reads past a record longer than the limit without keeping it: only its first KiB stays.
    private func skipOversized() throws -> BatchRecord {
        let line = source.nextLine
        let start = source.start
        let raw = source.keepPrefix(from: start)
        var scanner = CSVScanner(start: start, recording: false)
        var position = start
        var previous: UInt8 = 0
        var length = 0
        while true {
            let bytes = source.buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var outcome = scanner.scan(bytes, from: position, to: source.end, previous: previous)
            if case .complete(let contentEnd, let next) = outcome {
                source.nextLine += Self.lineFeeds(in: source.bytes(position..<next))
                length += contentEnd - position
                source.discard(upTo: next)
                break
            }
            source.nextLine += Self.lineFeeds(in: source.bytes(position..<source.end))
            length += source.end - position
            if source.end > position { previous = bytes[source.end - 1] }
            source.discard(upTo: source.end)
            if try !source.refill() {
                outcome = scanner.finish(at: source.end)
                break
            }
            position = source.start
        }
        return BatchRecord(line: line, raw: raw, content: .failure(Self.oversized(length, limit: recordLimit)))
    }

    static func oversized(_ length: Int, limit: Int) -> Rejection {
        Rejection(.malformed, "the record is \(length) bytes; at most \(limit) are allowed")
    }

    static func lineFeeds(in bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in bytes where byte == UInt8(ascii: "\n") { count += 1 }
        return count
    }

    private static func unescape(_ bytes: UnsafeRawBufferPointer, escaped: Bool) -> [UInt8] {
        guard escaped else { return Array(bytes) }
        var result = [UInt8](repeating: 0, count: bytes.count)
        let length = result.withUnsafeMutableBytes { unescape(bytes, into: $0.baseAddress!) }
        return Array(result[..<length])
    }

    /// Copies quoted-field content, turning each `""` into `"`. Returns the length written.
    private static func unescape(_ bytes: UnsafeRawBufferPointer, into target: UnsafeMutableRawPointer) -> Int {
        var written = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            target.storeBytes(of: byte, toByteOffset: written, as: UInt8.self)
            written += 1
            index += byte == UInt8(ascii: "\"") ? 2 : 1
        }
        return written
    }
}
