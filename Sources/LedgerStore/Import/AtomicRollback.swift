internal import LedgerServices

/// Thrown inside an `--atomic` import's transaction to abort it: the trial run found rejections.
struct AtomicRollback: Error {
    let progress: StoredBatch
    let rejected: [RejectedRecord]
}
