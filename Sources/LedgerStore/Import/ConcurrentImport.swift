/// Thrown inside a chunk's transaction when another importer moved this batch's record since this
/// one last looked; the chunk is aborted and the import looks the file up again.
struct ConcurrentImport: Error {}
