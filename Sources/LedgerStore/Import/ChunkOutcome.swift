internal import LedgerServices

/// What one committed chunk did: its batch's record after it.
struct ChunkOutcome {
    let number: UInt64
    let batch: StoredBatch
    /// Customer and sku numbers this chunk looked up or defined (true once it committed).
    let learned: KnownIdentifiers
    /// The seq of the log's last event after this chunk.
    let head: UInt64
}
