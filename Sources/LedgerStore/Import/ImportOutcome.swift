/// How an import of one file ended: its batch's record, and whether `--atomic` rolled it back.
struct ImportOutcome {
    let batch: StoredBatch
    let rolledBack: Bool
}
