internal import BatchFormats
internal import LedgerDomain

/// Consecutive parsed records, their raw bytes, and the position right after the last of them.
struct ParsedBatch: Sendable {
    let records: [ParsedRecord]
    /// The raw text of the records (`ParsedRecord.rawRange` indexes its bytes), read in the same
    /// pass that parsed them, and the ids, notes and lines the records' commands point into.
    let text: DecodedText
    /// The rejections of the malformed records, in record order.
    let malformed: [Rejection]
    let end: BatchPosition
    /// The hash of the file's bytes before `end`.
    let hash: BatchHash
    /// Whether those bytes end with a line end.
    let endsWithLineEnd: Bool
    /// `true` when the batch (as read) ends after these records.
    let isLast: Bool

    /// The batch's arrays, for the reading thread to empty and fill with a later batch (their
    /// pages are in memory already: arrays made afresh for each batch, each larger than glibc's
    /// threshold for mapping, cost a page fault for every page they filled).
    consuming func arrays() -> (records: [ParsedRecord], text: DecodedText, malformed: [Rejection]) {
        (records, text, malformed)
    }
}
