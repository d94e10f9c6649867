public import LedgerDomain

/// A streaming reader of one batch format. Reads in constant memory, whatever the file's size.
public protocol BatchReader: AnyObject {
    /// The format, which decides how fields are typed.
    var format: RecordFormat { get }
    /// Where the next record starts (after the header, once it was read).
    var position: BatchPosition { get }
    /// The next data record, or `nil` at the end. The record's bytes are valid until the next call.
    func next() throws -> BatchRecord?
    /// Continues reading at `position` (a record boundary of the same content), whose bytes before
    /// it hash to `hashed`.
    func seek(to position: BatchPosition, hashed: any ConsumedBytesDigest) throws
    /// The hash of every byte consumed so far (up to `position`), and whether they end with a line end.
    func consumedHash() -> (hash: any ConsumedBytesDigest, endsWithLineEnd: Bool)
}
