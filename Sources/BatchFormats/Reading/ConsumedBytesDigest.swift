/// A running digest of the bytes a reader consumed: a value that can be copied at a record
/// boundary and continued later. The importer's is a SHA-256 (`BatchHash` in LedgerStore); the
/// readers know only this protocol, so they need no cryptography library.
public protocol ConsumedBytesDigest: Sendable {
    /// How many bytes went in.
    var length: UInt64 { get }
    /// Adds `bytes` to the digest.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
}

/// The digest of a reader nobody asked to hash: it only counts the bytes.
public struct ConsumedByteCount: ConsumedBytesDigest {
    public private(set) var length: UInt64 = 0

    public init() {}

    public mutating func update(_ bytes: UnsafeRawBufferPointer) { length += UInt64(bytes.count) }
}
