/// A named place in the write path where a crash leaves its own state behind; crash tests make
/// the process die there with `ORDERS_FAULT` (see `FaultInjection`).
///
/// Points inside a write transaction leave the store as the previous commit left it (LMDB writes
/// nothing before the commit); they are named apart so that a change which splits a transaction
/// is crash-tested at each of its parts.
public enum FaultPoint: String, CaseIterable, Sendable {
    /// A new store's files exist; its databases and format stamp are not committed yet.
    case afterCreateBeforeStamp = "after-create-before-stamp"
    /// An older store's upgrade steps ran in the transaction that opens it for writing; the new
    /// format is not stamped or committed yet.
    case upgradeBeforeCommit = "upgrade-before-commit"
    /// A chunk's events are appended in its transaction; its ids and progress (and, in a file's
    /// last chunk, the read models) are not written.
    case afterLogAppend = "after-log-append"
    /// The orders and read model rows of a file's last chunk are written in its transaction;
    /// their checkpoints are not.
    case beforeCheckpoint = "before-checkpoint"
    /// A chunk's transaction is complete, its import progress included, but not committed.
    case beforeCommit = "before-commit"
    /// A chunk is committed; its rejections and progress are not reported yet, the next chunk not begun.
    case afterCommit = "after-commit"
    /// A file's last chunk is committed; the command index the store keeps is not brought up to
    /// date yet (its commit of its own, made when the import met a command id).
    case beforeCommandIndex = "before-command-index"
    /// A rejection was handed to the `--rejects` file (counted per rejection).
    case midRejectsWrite = "mid-rejects-write"
    /// A rebuild's read models are rewritten in its transaction, not committed.
    case rebuildBeforeCommit = "rebuild-before-commit"
    /// A rebuild is committed; its summary is not printed.
    case rebuildAfterCommit = "rebuild-after-commit"
}
