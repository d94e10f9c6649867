/// A file error found after the import started (the file shrank or was rewritten under it), with
/// the batch's record as committed before it, if any chunk committed.
struct CommittedFileError: Error {
    let message: String
    let committed: StoredBatch?
}
