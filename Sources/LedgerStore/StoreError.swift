/// A problem with the store itself (not with a batch): missing, unwritable, newer, or damaged.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No store at the path (only reading commands report this).
    case missing(path: String)
    /// The store (or its directory) cannot be written.
    case notWritable(path: String, reason: String)
    /// The store cannot be opened even for reading (permissions).
    case notReadable(path: String, reason: String)
    /// The store was written by a newer `orders` with a format this one does not know.
    case newerFormat(path: String, found: UInt32, supported: UInt32)
    /// Stored bytes do not decode; the message says which.
    case corrupt(String)
    /// The data file itself is damaged (truncated, not an LMDB file); LMDB cannot open it safely.
    case damagedFile(path: String, reason: String)
    /// Another import or rebuild still held the store after waiting `seconds` (`--wait`).
    case busy(path: String, holder: String, seconds: Double)
    /// The file system holding the store is full; `free`: the bytes it had left.
    case diskFull(path: String, free: UInt64)
    /// Any other failure of the storage engine, with its message.
    case engine(String)

    public var description: String {
        switch self {
        case .missing(let path):
            "no store at \(path); import a batch first (orders import --store \(path) FILE) or pass --store"
        case .notWritable(let path, let reason):
            "cannot write the store at \(path): \(reason)"
        case .notReadable(let path, let reason):
            "cannot read the store at \(path): \(reason)"
        case .newerFormat(let path, let found, let supported):
            "the store at \(path) has format version \(found), but this orders understands up to \(supported); use a newer orders"
        case .corrupt(let message):
            "the store is damaged: \(message); run orders verify"
        case .damagedFile(let path, let reason):
            "the store at \(path) cannot be opened: \(reason); restore it from a backup"
        case .busy(let path, let holder, let seconds):
            "\(holder) still holds the store at \(path) after \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s; try again later or wait longer (--wait)"
        case .diskFull(let path, let free):
            "the disk holding \(path) is full (\(free) bytes free); free some space"
        case .engine(let message):
            "storage error: \(message)"
        }
    }
}
