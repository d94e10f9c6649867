internal import LedgerDomain

/// A record read and decoded ahead of the write transaction that applies it.
struct ParsedRecord: Sendable {
    let line: Int
    /// Where the record's text starts in the file, and how many bytes of it a reject shows.
    let rawOffset: UInt64
    let rawLength: Int
    let outcome: Result<Command, Rejection>
}
