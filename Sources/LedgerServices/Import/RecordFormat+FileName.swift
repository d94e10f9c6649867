public import LedgerDomain

extension RecordFormat {
    /// The format named by a file's ending (`.csv`; `.jsonl`, `.ndjson`), if any.
    public init?(fileName path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".csv") {
            self = .csv
        } else if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
            self = .jsonl
        } else {
            return nil
        }
    }
}
