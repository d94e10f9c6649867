/// Writes little-endian fixed-width values into a buffer (no alignment needed).
// Safe: callers size the buffer with the codec's `size(of:)` before writing into it.
struct ByteWriter {
    let buffer: UnsafeMutableRawBufferPointer
    private(set) var offset = 0

    init(_ buffer: UnsafeMutableRawBufferPointer, at offset: Int = 0) {
        self.buffer = buffer
        self.offset = offset
    }

    mutating func write<T: FixedWidthInteger>(_ value: T) {
        buffer.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
        offset += MemoryLayout<T>.size
    }

    mutating func write(bytes: some Collection<UInt8>) {
        // Copied at once when the bytes are contiguous (a native string's, an array's): the loop
        // below, byte by byte over a string's UTF-8 view, costs several times the copy, and an
        // import names a new id with most orders.
        let copied: Int? = bytes.withContiguousStorageIfAvailable { source in
            UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + source.count])
                .copyMemory(from: UnsafeRawBufferPointer(source))
            return source.count
        }
        if let copied {
            offset += copied
            return
        }
        for byte in bytes {
            buffer[offset] = byte
            offset += 1
        }
    }

    /// A name: one length byte, then the bytes (ids are at most 64 bytes).
    mutating func write(name: String) {
        write(UInt8(name.utf8.count))
        write(bytes: name.utf8)
    }
}
