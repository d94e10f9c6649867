import Glibc

extension UnsafeRawBufferPointer {
    /// Whether `other` holds the same bytes, compared with `memcmp` (where `elementsEqual` goes
    /// byte by byte through the generic sequence): ids, command ids and JSON keys.
    // Inlinable: the lengths are compared in the caller (JSON keys of other lengths, most of them,
    // cost no call); only equal lengths call `memcmp`.
    @inlinable
    public func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        count == other.count && (isEmpty || Self.sameBytes(self, other))
    }

    /// Whether `one` and `other`, as long as each other and not empty, hold the same bytes.
    @usableFromInline
    static func sameBytes(_ one: UnsafeRawBufferPointer, _ other: UnsafeRawBufferPointer) -> Bool {
        memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0
    }
}
