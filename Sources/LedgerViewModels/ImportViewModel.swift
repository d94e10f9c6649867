public import LedgerServices
public import Observation

/// An import of one or more files: progress while it runs, the summaries when it is done.
@Observable @MainActor
public final class ImportViewModel {
    /// The latest progress of the file being imported (`nil` between files).
    public private(set) var progress: ImportTick?
    /// The summaries of the files done so far.
    public private(set) var completed: [ImportSummary] = []
    /// `.loaded` with every file's summary, or `.failed` when the store failed mid-way or the
    /// import was interrupted.
    public private(set) var state: ViewState<[ImportSummary]> = .idle
    /// The error that stopped the import, when `state` is `.failed`.
    public private(set) var error: (any Error)?
    /// Where the import stopped when it was interrupted on request (`ImportOptions.shouldStop`).
    public private(set) var interruption: ImportInterrupted?

    public init() {}

    /// Imports `files` in order off the main actor; progress and results arrive here.
    public func importFiles(
        _ files: [String], options: ImportOptions, using importer: any BatchImporting,
        rejects: (any RejectsOutput)?
    ) async {
        state = .loading
        completed = []
        error = nil
        // Safe: the rejects output is used by the one import task below, one file after another.
        nonisolated(unsafe) let rejects = rejects
        interruption = nil
        let outcome = await Task.detached { [weak self] in
            var summaries: [ImportSummary] = []
            for file in files {
                let summary = try importer.importFile(file, options: options, rejects: rejects) { tick in
                    Task { @MainActor in self?.progress = tick }
                }
                summaries.append(summary)
                await MainActor.run {
                    self?.progress = nil
                    self?.completed.append(summary)
                }
            }
            return summaries
        }.result
        progress = nil
        switch outcome {
        case .success(let summaries): state = .loaded(summaries)
        case .failure(let error):
            self.error = error
            interruption = error as? ImportInterrupted
            state = .failed(String(describing: error))
        }
    }
}
