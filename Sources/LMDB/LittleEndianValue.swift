/// A fixed-width integer stored little-endian (values: dense numbers, seqs, versions).
public struct LittleEndianValue<Value: FixedWidthInteger & Sendable>: LMDBBytes, Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }

    public func withLMDBBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var littleEndian = value.littleEndian
        return try withUnsafeBytes(of: &littleEndian, body)
    }

    /// Reads a value written by `withLMDBBytes`; `nil` when `bytes` are not exactly its size.
    // Inlinable: specialised in its callers it is one load; unspecialised it looked up the generic
    // type's metadata at every call (verify's walk of the id dictionaries, once per id).
    @inlinable public static func decode(_ bytes: UnsafeRawBufferPointer) -> Value? {
        guard bytes.count == MemoryLayout<Value>.size else { return nil }
        return Value(littleEndian: bytes.loadUnaligned(as: Value.self))
    }
}
