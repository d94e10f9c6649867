public import LedgerDomain

/// What applying one well-formed command did.
public enum CommandOutcome: Hashable, Sendable {
    /// Appended as the event at the seq it was given.
    case accepted
    /// Its command id was accepted before: skipped, nothing appended (SPEC §5).
    case duplicate
    /// Decided against; nothing appended.
    case rejected(Rejection)
}
