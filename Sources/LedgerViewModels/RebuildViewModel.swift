public import LedgerServices
public import Observation

/// A rebuild of chosen read models: its summary, or why it failed (the read models are then unchanged).
@Observable @MainActor
public final class RebuildViewModel {
    public private(set) var state: ViewState<RebuildSummary> = .idle
    /// The error that stopped it, when `state` is `.failed` (an interruption is `ReplayInterrupted`).
    public private(set) var error: (any Error)?
    @ObservationIgnored private let maintainer: any LedgerMaintaining

    public init(maintainer: any LedgerMaintaining) { self.maintainer = maintainer }

    /// Rebuilds `projections`; `progress` gets the events replayed now and then, and `shouldStop`
    /// can end the rebuild early (the read models are then unchanged).
    public func rebuild(
        _ projections: Set<ReadModelName>, progress: (Int) -> Void = { _ in },
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) {
        state = .loading
        error = nil
        do {
            state = .loaded(try maintainer.rebuild(projections, progress: progress, shouldStop: shouldStop))
        } catch {
            self.error = error
            state = .failed(String(describing: error))
        }
    }
}
