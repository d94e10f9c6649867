/// Reads little-endian fixed-width values from a borrowed buffer (LMDB values are only 2-byte
/// aligned, so every load is unaligned). Throws `StoreError.corrupt` instead of reading past the end.
// Safe: every read is checked against the buffer's end first.
struct ByteReader {
    let buffer: UnsafeRawBufferPointer
    private(set) var offset: Int
    let what: String

    init(_ buffer: UnsafeRawBufferPointer, at offset: Int = 0, what: String) {
        self.buffer = buffer
        self.offset = offset
        self.what = what
    }

    mutating func read<T: FixedWidthInteger>(_: T.Type = T.self) throws(StoreError) -> T {
        let size = MemoryLayout<T>.size
        guard offset + size <= buffer.count else { throw StoreError.corrupt("\(what) is truncated") }
        defer { offset += size }
        return T(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    mutating func readBytes(_ count: Int) throws(StoreError) -> UnsafeRawBufferPointer {
        guard count >= 0, offset + count <= buffer.count else { throw StoreError.corrupt("\(what) is truncated") }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)])
    }

    /// A name: a length byte, then that many bytes.
    mutating func readName() throws(StoreError) -> UnsafeRawBufferPointer {
        try readBytes(Int(try read(UInt8.self)))
    }
}
