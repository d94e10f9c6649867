extension UnsafeRawBufferPointer {
    /// Whether `other` holds the same bytes, compared 8 bytes at a time (where `elementsEqual` goes
    /// byte by byte through the generic sequence): ids, command ids and JSON keys.
    // Inlinable: the lengths are compared in the caller (JSON keys of other lengths, most of them,
    // cost no call); only equal lengths compare bytes.
    @inlinable
    public func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        count == other.count && (isEmpty || Self.sameBytes(self, other))
    }

    /// Whether `one` and `other`, as long as each other and not empty, hold the same bytes: whole
    /// words first, then the bytes after the last whole word. Pure Swift, so that the domain
    /// imports no platform module.
    @usableFromInline
    static func sameBytes(_ one: UnsafeRawBufferPointer, _ other: UnsafeRawBufferPointer) -> Bool {
        let count = one.count
        var offset = 0
        while offset + 8 <= count {
            guard
                one.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < count {
            guard one[offset] == other[offset] else { return false }
            offset += 1
        }
        return true
    }
}
