internal import LedgerServices

/// What one committed chunk did: its batch's record after it.
struct CommittedChunk {
    let number: UInt64
    let batch: StoredBatch
    /// The seq of the log's last event after this chunk.
    let head: UInt64
}
