internal import BatchFormats

/// Consecutive parsed records and the position right after the last of them.
struct ParsedBatch: Sendable {
    let records: [ParsedRecord]
    let end: BatchPosition
    /// `true` when the file ends after these records.
    let isLast: Bool
}
