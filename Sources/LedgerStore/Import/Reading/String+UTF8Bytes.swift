extension String {
    /// Calls `body` with the string's UTF-8 bytes: in place when they are contiguous (every string
    /// the importer makes), so that a lookup neither copies nor retains the string; else from a copy.
    func withUTF8Bytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        var copy = self
        return try copy.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}
