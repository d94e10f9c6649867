/// What one committed chunk did: the import's progress after it and the records it rejected.
struct ChunkOutcome {
    let progress: ImportProgress
    let rejected: [RejectedRecord]
}
