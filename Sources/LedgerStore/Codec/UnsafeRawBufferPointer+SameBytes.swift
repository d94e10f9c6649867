import Glibc

extension UnsafeRawBufferPointer {
    /// Whether `other` holds the same bytes, compared with `memcmp` (where `elementsEqual` goes
    /// byte by byte through the generic sequence).
    func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        count == other.count && (isEmpty || memcmp(baseAddress!, other.baseAddress!, count) == 0)
    }
}
