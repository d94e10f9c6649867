/// Something that can lend its bytes as an LMDB key or value for the duration of a call.
// Safe: the bytes lent are valid only inside `body`; LMDB copies keys and values it keeps.
public protocol LMDBBytes {
    func withLMDBBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension UnsafeRawBufferPointer: LMDBBytes {
    public func withLMDBBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(self)
    }
}

extension Array: LMDBBytes where Element == UInt8 {
    public func withLMDBBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBytes(body)
    }
}

extension String: LMDBBytes {
    public func withLMDBBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var copy = self
        return try copy.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}

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
