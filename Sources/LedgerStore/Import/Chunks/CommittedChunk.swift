internal import LedgerServices

/// What `ChunkWriter` gives back once it committed a `PreparedChunk`: the batch's record after
/// the chunk, for the import's next chunk to follow.
struct CommittedChunk {
    /// The batch's record number (the first chunk of a new batch creates the record).
    let number: UInt64
    let batch: StoredBatch
    /// The seq of the log's last event after this chunk.
    let head: UInt64
}
