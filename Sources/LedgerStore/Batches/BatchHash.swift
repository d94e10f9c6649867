public import BatchFormats
internal import Crypto

/// The running SHA-256 of a batch's first bytes: a value that can be copied at a record boundary
/// and continued later, so that each commit can store the digest of exactly the bytes it covers.
// Safe: SHA256 is a value without shared state; `@unchecked` only because Crypto does not mark it.
public struct BatchHash: ConsumedBytesDigest, @unchecked Sendable {
    private var hasher = SHA256()
    /// How many bytes went in.
    public private(set) var length: UInt64 = 0

    public init() {}

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        hasher.update(bufferPointer: bytes)
        length += UInt64(bytes.count)
    }

    /// The SHA-256 of the bytes so far; the running state is left as it was.
    public var digest: [UInt8] { Array(hasher.finalize()) }

    /// The SHA-256 of `bytes`.
    static func of(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var hash = BatchHash()
        hash.update(bytes)
        return hash.digest
    }
}
