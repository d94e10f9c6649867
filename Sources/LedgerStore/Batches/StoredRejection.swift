public import LedgerDomain
public import LedgerServices

/// A rejection as the store keeps it (`rejections` database): under its batch and line, the code,
/// the message and the record's raw bytes (the first KiB of an oversized one).
public struct StoredRejection: Hashable, Sendable {
    public let line: Int
    public let rejection: Rejection
    public let raw: [UInt8]

    public init(line: Int, rejection: Rejection, raw: [UInt8]) {
        self.line = line
        self.rejection = rejection
        self.raw = raw
    }

    /// The rejected record as a rejects file shows it, for the batch path `file` as given.
    public func record(file: String) -> RejectedRecord {
        RejectedRecord(file: file, line: line, rejection: rejection, raw: raw)
    }

    static func key(batch: UInt64, line: Int) -> [UInt8] {
        withUnsafeBytes(of: batch.bigEndian, Array.init) + withUnsafeBytes(of: UInt64(line).bigEndian, Array.init)
    }

    /// The message as stored: at most 4 KiB of it.
    private var messageBytes: ArraySlice<UInt8> { Array(rejection.message.utf8).prefix(4096) }

    var encodedSize: Int { 1 + rejection.code.rawValue.utf8.count + 2 + messageBytes.count + raw.count }

    func encode(into buffer: UnsafeMutableRawBufferPointer) {
        var writer = ByteWriter(buffer)
        let message = messageBytes
        writer.write(name: rejection.code.rawValue)
        writer.write(UInt16(message.count))
        writer.write(bytes: message)
        writer.write(bytes: raw)
    }

    /// The rejection's check, summed into its batch's record (`StoredBatch.rejectionSum`): its
    /// stored bytes', salted with its line.
    var check: UInt64 {
        var bytes = [UInt8](repeating: 0, count: encodedSize)
        bytes.withUnsafeMutableBytes { encode(into: $0) }
        return bytes.withUnsafeBytes { StoredRejection.check(of: $0, line: line) }
    }

    /// The check of a rejection stored as `bytes` at `line`.
    static func check(of bytes: UnsafeRawBufferPointer, line: Int) -> UInt64 {
        StoredCheck.of(bytes, salt: UInt64(line))
    }

    init(key: UnsafeRawBufferPointer, decoding bytes: UnsafeRawBufferPointer) throws(StoreError) {
        guard key.count == 16 else { throw StoreError.corrupt("a rejection key has \(key.count) bytes") }
        let line = UInt64(bigEndian: key.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        guard line >= 1, line <= UInt64(Int.max) else { throw StoreError.corrupt("a rejection has line \(line)") }
        var reader = ByteReader(bytes, what: "a rejection")
        let codeName = String(decoding: try reader.readName(), as: UTF8.self)
        guard let code = RejectionCode(rawValue: codeName) else {
            throw StoreError.corrupt("a rejection has the unknown code \(codeName)")
        }
        let message = String(decoding: try reader.readBytes(Int(try reader.read(UInt16.self))), as: UTF8.self)
        self.line = Int(line)
        rejection = Rejection(code, message)
        raw = Array(try reader.readBytes(bytes.count - reader.offset))
    }
}
