internal import BatchFormats

/// A record read and decoded ahead of the write transaction that applies it. Plain values only:
/// its text is in its batch (`ParsedBatch`).
struct ParsedRecord: Sendable {
    let line: Int
    /// Where the record's text (the first KiB of an oversized one) is in its batch's `text` bytes.
    let rawRange: Range<Int>
    /// The command, or `nil` for a malformed record (its rejection is the batch's next in `malformed`).
    let command: DecodedCommand?
}
