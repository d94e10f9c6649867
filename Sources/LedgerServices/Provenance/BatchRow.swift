public import LedgerDomain

/// One row of `orders batches` (SPEC §11): a batch the store holds, as its import's summary
/// counted it. `file` and `importedAt` are `nil` for a batch recorded before the store kept
/// provenance.
public struct BatchRow: Hashable, Sendable {
    /// The batch's number in the store: the order in which batches were first committed.
    public let number: UInt64
    /// SHA-256 of the bytes it covers, lower-case hex.
    public let digest: String
    public let file: String?
    public let format: RecordFormat
    public let records: Int
    public let accepted: Int
    public let rejected: Int
    public let duplicates: Int
    public let firstSeq: UInt64?
    public let lastSeq: UInt64?
    public let finished: Bool
    public let importedAt: Timestamp?
    public let continuedAfterLine: Int?

    public init(
        number: UInt64, digest: String, file: String?, format: RecordFormat, records: Int, accepted: Int, rejected: Int,
        duplicates: Int, firstSeq: UInt64?, lastSeq: UInt64?, finished: Bool, importedAt: Timestamp?,
        continuedAfterLine: Int?
    ) {
        self.number = number
        self.digest = digest
        self.file = file
        self.format = format
        self.records = records
        self.accepted = accepted
        self.rejected = rejected
        self.duplicates = duplicates
        self.firstSeq = firstSeq
        self.lastSeq = lastSeq
        self.finished = finished
        self.importedAt = importedAt
        self.continuedAfterLine = continuedAfterLine
    }
}
