/// What imports batch files: `Importer` over LMDB, or a stand-in in tests.
public protocol BatchImporting: Sendable {
    func importFile(
        _ file: String, options: ImportOptions, rejected: (RejectedRecord) throws -> Void, progress: (ImportTick) -> Void
    ) throws -> ImportSummary
}
