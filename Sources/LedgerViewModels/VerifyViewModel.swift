public import LedgerServices
public import Observation

/// A verification of the read models against the log: the report, or why it could not run.
@Observable @MainActor
public final class VerifyViewModel {
    public private(set) var state: ViewState<VerifyReport> = .idle
    @ObservationIgnored private let maintainer: any LedgerMaintaining

    public init(maintainer: any LedgerMaintaining) { self.maintainer = maintainer }

    /// Replays the log and compares; `progress` gets the events replayed now and then.
    public func verify(progress: (Int) -> Void = { _ in }) {
        state = .loading
        state = ViewState { try maintainer.verify(progress: progress) }
    }
}
