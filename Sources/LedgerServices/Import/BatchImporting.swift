/// What imports batch files: `Importer` over LMDB, or a stand-in in tests.
public protocol BatchImporting: Sendable {
    func importFile(
        _ file: String, options: ImportOptions, rejects: (any RejectsOutput)?, progress: (ImportTick) -> Void
    ) throws -> ImportSummary
}
