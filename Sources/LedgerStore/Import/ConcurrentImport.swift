/// Thrown inside a chunk's transaction when another importer of the same content moved its
/// progress since this one last looked; the chunk is aborted and the import continues from there.
struct ConcurrentImport: Error {
    let progress: ImportProgress
}
