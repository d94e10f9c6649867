/// A `UInt32` stored big-endian, so that LMDB's byte order is numeric order.
public struct BigEndianKey32: LMDBBytes, Sendable {
    public let value: UInt32
    public init(_ value: UInt32) { self.value = value }

    public func withLMDBBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var bigEndian = value.bigEndian
        return try withUnsafeBytes(of: &bigEndian, body)
    }

    /// Reads a key written by `withLMDBBytes` (the first 4 bytes); a shorter key (a damaged page) reads as 0.
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        bytes.count >= 4 ? UInt32(bigEndian: bytes.loadUnaligned(as: UInt32.self)) : 0
    }
}
