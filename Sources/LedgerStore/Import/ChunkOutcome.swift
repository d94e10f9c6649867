internal import LedgerServices

/// What one committed chunk did: the import's progress after it and the records it rejected.
struct ChunkOutcome {
    let progress: ImportProgress
    let rejected: [RejectedRecord]
    /// Customer and sku numbers this chunk looked up or defined (true once it committed).
    let learned: KnownIdentifiers
    /// The seq of the log's last event after this chunk.
    let head: UInt64
}
