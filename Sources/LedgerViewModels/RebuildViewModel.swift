public import LedgerServices
public import Observation

/// A rebuild of chosen read models: its summary, or why it failed (the read models are then unchanged).
@Observable @MainActor
public final class RebuildViewModel {
    public private(set) var state: ViewState<RebuildSummary> = .idle
    @ObservationIgnored private let maintainer: any LedgerMaintaining

    public init(maintainer: any LedgerMaintaining) { self.maintainer = maintainer }

    /// Rebuilds `projections`; `progress` gets the events replayed now and then.
    public func rebuild(_ projections: Set<ReadModelName>, progress: (Int) -> Void = { _ in }) {
        state = .loading
        state = ViewState { try maintainer.rebuild(projections, progress: progress) }
    }
}
