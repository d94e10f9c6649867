internal import LedgerDomain

/// A record read and decoded ahead of the write transaction that applies it.
struct ParsedRecord: Sendable {
    let line: Int
    /// Where the record's text (the first KiB of an oversized one) is in its batch's `raw` bytes.
    let rawRange: Range<Int>
    let outcome: Result<Command, Rejection>
}
