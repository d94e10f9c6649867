/// Where an id or a note of a `DecodedCommand` is in its `DecodedText`'s bytes, with an id's
/// hash (`IdentifierHash`; 0 for a note), computed once as the record is read.
public struct TextSpan: Sendable {
    public let offset: UInt32
    public let count: UInt32
    public let hash: UInt64

    /// The span's bytes in `bytes` (the `DecodedText`'s, which must outlive their use).
    // Inlinable: the importer reads every id of a batch through it (LedgerStore, another module).
    @inlinable
    public func bytes(in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[Int(offset)..<Int(offset) + Int(count)])
    }
}
