public import LedgerServices
public import Observation

/// A verification of the read models against the log: the report, or why it could not run.
@Observable @MainActor
public final class VerifyViewModel {
    public private(set) var state: ViewState<VerifyReport> = .idle
    /// The error that stopped it, when `state` is `.failed` (an interruption is `ReplayInterrupted`).
    public private(set) var error: (any Error)?
    @ObservationIgnored private let maintainer: any LedgerMaintaining

    public init(maintainer: any LedgerMaintaining) { self.maintainer = maintainer }

    /// Replays the log and compares, and checks the hash chain (against `expected` when given);
    /// `progress` gets the events replayed now and then, and `shouldStop` can end the check early.
    public func verify(
        expecting expected: ChainDigest? = nil, progress: (Int) -> Void = { _ in },
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) {
        state = .loading
        error = nil
        do {
            state = .loaded(try maintainer.verify(expecting: expected, progress: progress, shouldStop: shouldStop))
        } catch {
            self.error = error
            state = .failed(String(describing: error))
        }
    }
}
