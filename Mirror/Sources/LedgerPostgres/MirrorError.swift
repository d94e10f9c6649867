/// Why a mirror stopped: one line that says what went wrong and what to do.
public enum MirrorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A wrong address or option (exit 2).
    case usage(String)
    /// The database cannot be reached or refused a statement (exit 1).
    case database(String)
    /// The database holds another ledger than the store (exit 1).
    case differentLedger(String)
    /// Another mirror process writes into the same database (exit 1).
    case busy(String)
    /// The store's log broke an invariant the mirror relies on (exit 1).
    case damagedLog(String)

    public var description: String {
        switch self {
        case .usage(let text), .database(let text), .differentLedger(let text), .busy(let text), .damagedLog(let text):
            text
        }
    }
}
