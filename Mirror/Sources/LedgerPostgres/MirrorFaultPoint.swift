/// Named places in a mirror transaction where a crash test kills the process (`MirrorFaults`).
public enum MirrorFaultPoint: String, CaseIterable, Sendable {
    /// A transaction's events and their lines are copied; its read model rows and checkpoint are not.
    case afterEvents = "mirror-after-events"
    /// A transaction's rows and checkpoint are written; it is not committed.
    case beforeCommit = "mirror-before-commit"
    /// A transaction is committed; the next one has not begun.
    case afterCommit = "mirror-after-commit"
    /// A run reached the log's head and added the keys and indexes a first copy goes without; they are not committed.
    case beforeKeysCommit = "mirror-before-keys-commit"
}
