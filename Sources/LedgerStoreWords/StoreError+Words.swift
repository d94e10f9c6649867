import FoundationEssentials
import Glibc
internal import LMDB
public import LedgerStore

/// The words for a store error (the command line and the mirror show them): what went wrong and what to do, on one line.
/// The store keeps only the facts (`StoreError`); the words and their advice are the command lines'.
extension StoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .missing(let path):
            "no store at \(path); import a batch first (orders import --store \(path) FILE) or pass --store"
        case .notADirectory(let path):
            "the store at \(path) is a file, not a store directory; pass --store with a store's directory"
        case .cannotCreateDirectory(let path, let code):
            "cannot write the store at \(path): cannot create the directory: \(code == 0 ? "unknown" : Self.words(code))"
        case .notWritable(let path, let code):
            "cannot write the store at \(path): "
                + (code == EROFS
                    ? "it is on a read-only file system (queries still work)"
                    : code == EACCES ? "permission denied" : Self.words(code))
        case .cannotLock(let path, let lockFile, let code):
            "cannot write the store at \(path): cannot lock \(lockFile): \(Self.words(code))"
        case .notReadable(let path, _):
            "cannot read the store at \(path): permission denied (a reader needs to read data.mdb and to write "
                + "lock.mdb, where LMDB readers register; run as the store's owner or ask for access)"
        case .newerFormat(let path, let found, let supported):
            "the store at \(path) has format version \(found), but this orders understands up to \(supported); "
                + "use a newer orders"
        case .notAnOrdersStore(let path, let reason):
            "\(path) is not an orders store: \(reason); nothing in it was changed (pass the --store of an orders store)"
        case .corrupt(let detail):
            "the store is damaged: \(detail); run orders verify"
        case .damagedLog(let seq, let detail):
            "store damaged\(seq.map { " at seq \($0)" } ?? ""): \(detail); run orders verify"
        case .missingDatabase(let name):
            "the store is damaged: the database \(name) is missing; run orders verify"
        case .damagedFile(let path, let error):
            "the store at \(path) cannot be opened: \(Self.damage(error)); restore it from a backup"
        case .backupDirectoryTaken(let path):
            "backup \(path) was taken by another backup; a backup goes into a new or empty directory: choose another"
        case .removedWhileWriting(let path):
            "the store at \(path) was removed or replaced while this import wrote it; what it committed went with "
                + "the removed files: import again into the store there now"
        case .busy(let path, let holder, let seconds):
            "\(holder) still holds the store at \(path) after "
                + "\(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s; try again later or wait longer (--wait)"
        case .diskFull(let path, let free):
            "the disk holding \(path) is full (\(free) bytes free); free some space"
        case .cannotMakeTrialDirectory(let path, let code):
            "cannot make a directory for the dry run in \(path): \(Self.words(code))"
        case .engine where isMapResized:
            "another process wrote so much to the store meanwhile that this one could not read it on; run the command again"
        case .engine(let error) where error.isCorrupted:
            "the store is damaged: \(error); run orders verify, or restore the store from a backup"
        case .engine(let error):
            "storage error: \(error)"
        }
    }

    /// How the data file is damaged.
    private static func damage(_ error: LMDBError) -> String {
        if case .checkDataFileSize(let size, let needed) = error.operation {
            return "the data file is truncated (\(size) of \(needed) bytes)"
        }
        return error.message
    }

    /// The C library's text for an `errno`.
    private static func words(_ code: Int32) -> String { String(cString: strerror(code)) }
}
