public import LedgerDomain

/// What `batch_files` keeps of a batch beside its record (format 7): the path its import was
/// given (`-` for standard input) and the time of its last commit, which is when it finished
/// once it has. Layout: the time (`Int64` UTC milliseconds), the path's UTF-8 bytes, and a check
/// (`StoredCheck`, salted with the batch number) of the bytes before it.
public struct BatchFileRecord: Equatable, Sendable {
    public let file: String
    public let committedAt: Timestamp

    public init(file: String, committedAt: Timestamp) {
        self.file = file
        self.committedAt = committedAt
    }

    /// The stored bytes for batch `number`.
    func encoded(number: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: committedAt.milliseconds.littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: file.utf8)
        let check = bytes.withUnsafeBytes { StoredCheck.of($0, salt: number) }
        withUnsafeBytes(of: check.littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    // Safe: the check is read and the bytes before it hashed only once the length is known to hold it.
    init(decoding bytes: UnsafeRawBufferPointer, number: UInt64) throws(StoreError) {
        let body = bytes.count - 8
        guard body >= 8,
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: body, as: UInt64.self))
                == StoredCheck.of(UnsafeRawBufferPointer(rebasing: bytes[..<body]), salt: number)
        else { throw StoreError.corrupt("the batch_files entry of batch \(number) fails its check") }
        committedAt = Timestamp(milliseconds: Int64(littleEndian: bytes.loadUnaligned(as: Int64.self)))
        file = String(decoding: bytes[8..<body], as: UTF8.self)
    }
}
