public import LedgerDomain

/// One data record read from a batch file. Its bytes are borrowed from the reader and valid only
/// until the reader's next call.
public struct BatchRecord {
    /// The 1-based physical line the record starts on.
    public let line: Int
    /// The record as written (without its line ending); only the first bytes of an oversized one.
    // Safe: it points into the reader's buffer, which stays put until the reader's next call (see above).
    public let raw: UnsafeRawBufferPointer
    /// The fields, or the `malformed` rejection found while reading them.
    public let content: Result<RawRecord, Rejection>
}
