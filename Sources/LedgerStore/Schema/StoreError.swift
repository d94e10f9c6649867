public import LMDB

/// A problem with the store itself (not with a batch): missing, unwritable, newer, or damaged.
/// A value: it keeps the path, the system's or LMDB's code and the operation; the command line
/// chooses the words and the exit status.
public enum StoreError: Error, Hashable, Sendable {
    /// No store at the path (only reading commands report this).
    case missing(path: String)
    /// The path names a file, not a store directory.
    case notADirectory(path: String)
    /// The store's directory cannot be created; `code` is the `errno` (0 when the system gave none).
    case cannotCreateDirectory(path: String, code: Int32)
    /// The store cannot be written (`EACCES`, or `EROFS` for a read-only file system).
    case notWritable(path: String, code: Int32)
    /// The store cannot be opened even for reading (`EACCES`).
    case notReadable(path: String, code: Int32)
    /// The store was written by a newer `orders` with a format this one does not know.
    case newerFormat(path: String, found: UInt32, supported: UInt32)
    /// The path holds an LMDB environment that is not an orders store (other databases, or no
    /// format version); nothing in it was changed. `reason` says what gave it away.
    case notAnOrdersStore(path: String, reason: String)
    /// Stored bytes do not decode; the detail says which.
    case corrupt(String)
    /// The log is damaged: at `seq` when one event is to blame (it does not decode, or its numbers
    /// are out of bounds), else the detail names the seqs.
    case damagedLog(seq: UInt64?, detail: String)
    /// A database of the store's schema is missing.
    case missingDatabase(name: String)
    /// The data file itself is damaged (truncated, not an LMDB file); LMDB cannot open it safely.
    case damagedFile(path: String, LMDBError)
    /// The store's lock file cannot be locked; `code` is the `errno`.
    case cannotLock(path: String, lockFile: String, code: Int32)
    /// Another import or rebuild still held the store after waiting `seconds` (`--wait`).
    case busy(path: String, holder: String, seconds: Double)
    /// The file system holding the store is full; `free`: the bytes it had left.
    case diskFull(path: String, free: UInt64)
    /// Another backup created its copy in `path` first.
    case backupDirectoryTaken(path: String)
    /// The store's data file was removed or replaced while this process wrote it: what it
    /// committed went with the file it had open.
    case removedWhileWriting(path: String)
    /// No directory for a dry run's copy of the store could be made in `path` (the temporary
    /// directory); `code` is the `errno`.
    case cannotMakeTrialDirectory(path: String, code: Int32)
    /// Any other failure of the storage engine.
    case engine(LMDBError)
}

extension StoreError {
    /// Another process grew the data file past this process's map while a snapshot of this
    /// process was open, so no later snapshot could begin until that one ends.
    public var isMapResized: Bool {
        if case .engine(let error) = self { return error.isMapResized }
        return false
    }
}
