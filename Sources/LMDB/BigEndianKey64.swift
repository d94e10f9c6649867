/// A `UInt64` stored big-endian, so that LMDB's byte order is numeric order.
public struct BigEndianKey64: LMDBBytes, Sendable {
    public let value: UInt64
    public init(_ value: UInt64) { self.value = value }

    public func withLMDBBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var bigEndian = value.bigEndian
        return try withUnsafeBytes(of: &bigEndian, body)
    }

    /// Reads a key written by `withLMDBBytes` (the first 8 bytes); a shorter key (a damaged page) reads as 0.
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        bytes.count >= 8 ? UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)) : 0
    }
}
