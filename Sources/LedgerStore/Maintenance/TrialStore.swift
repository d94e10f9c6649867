import FoundationEssentials
import Glibc
import SystemPaths

/// What `import --dry-run` imports into: a compacted copy of the store in the temporary
/// directory (or a new, empty store when there is none yet), so that every record is decided
/// against exactly what the store holds and the store itself is never opened for writing. The
/// copy is taken under the store's lock: a dry run waits for a running import or rebuild as an
/// import does, so that it never sees one halfway.
///
/// The copy's directory holds a lock file (`ownerFile`), locked for as long as its dry run lives
/// and holding its marker: the dry run's pid and the boot it runs in. A dry run killed before it
/// removed its copy leaves the lock free and its process gone, and the next dry run removes that
/// copy (a store's size each, in the temporary directory).
public struct TrialStore {
    public let directory: String
    public let store: LedgerStore
    /// The lock file, held locked until the copy is removed or the process ends.
    private let owner: Int32

    /// What the copies' directories are named from (`mkdtemp` adds six characters).
    static let prefix = "orders-dry-run-"
    /// The lock and marker in each copy's directory.
    static let ownerFile = "owner.lock"
    /// What a copy's directory may hold: what a left copy holds more than these is not removed.
    static let copyFiles: Set<String> = [ownerFile, "data.mdb", "lock.mdb", "import.lock"]

    /// Copies the store at `path` (a missing store: an empty one) into a new directory in
    /// `temporary`, after removing the copies that dry runs which did not finish left there, which
    /// `notice` is told of, waiting at most `waitLimit` seconds for an import or rebuild of the
    /// store (`StoreError.busy` when it still runs).
    public init(copying path: String, in temporary: String, waitLimit: Double?, notice: (String) -> Void) throws {
        let removed = Self.removeLeftCopies(in: temporary)
        if removed > 0 {
            let copies = removed == 1 ? "1 store copy" : "\(removed) store copies"
            notice("removed \(copies) left in \(temporary) by dry runs that did not finish")
        }
        let (directory, owner) = try Self.makeLockedDirectory(in: temporary)
        (self.directory, self.owner) = (directory, owner)
        do {
            if SystemPath.access(path + "/data.mdb", F_OK) == 0 {
                let lock = try StoreLock(copying: path, limit: waitLimit, notice: notice)
                _ = try withExtendedLifetime(lock) {
                    try LedgerStore(path: path, readOnly: true).backup(to: directory, compact: true)
                }
            }
            store = try LedgerStore(path: directory, durable: false)
        } catch {
            Self.removeCopy(directory)
            close(owner)
            throw error
        }
    }

    /// A new directory for a copy in `temporary`, and its lock file, locked and marked. Between
    /// making the lock file and locking it, another dry run may find the directory and remove
    /// it: the lock is then held on a file that is gone, so the directory is made again.
    private static func makeLockedDirectory(in temporary: String) throws -> (directory: String, owner: Int32) {
        for _ in 0..<8 {
            var template = SystemPath.bytes(temporary + "/" + prefix + "XXXXXX").map { CChar(bitPattern: $0) } + [0]
            guard let made = mkdtemp(&template) else { break }
            let directory = SystemPath.text(cString: made)
            let path = directory + "/" + ownerFile
            let owner = SystemPath.open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard owner >= 0 else { break }
            if locks(owner, stillAt: path) {
                let mark = Array(DryRunMarker.current.text.utf8)
                // Safe: `pwrite` reads the marker's bytes inside the closure, no more than it holds.
                if mark.withUnsafeBytes({ pwrite(owner, $0.baseAddress, $0.count, 0) }) == mark.count {
                    return (directory, owner)
                }
            }
            close(owner)
        }
        throw StoreError.cannotMakeTrialDirectory(path: temporary, code: errno)
    }

    /// Removes the copy.
    public func remove() {
        Self.removeCopy(directory)
        close(owner)
    }

    /// Removes the files a copy is made of from `copy`, then `copy` if that left it empty.
    private static func removeCopy(_ copy: String) {
        for name in copyFiles { SystemPath.unlink(copy + "/" + name) }
        SystemPath.rmdir(copy)
    }

    /// Whether `owner` is locked by this process now and is still the file at `path` (not one
    /// that another dry run removed before the lock was taken).
    public static func locks(_ owner: Int32, stillAt path: String) -> Bool {
        var held = stat()
        var there = stat()
        return flock(owner, LOCK_EX | LOCK_NB) == 0 && fstat(owner, &held) == 0 && SystemPath.lstat(path, &there) == 0
            && held.st_dev == there.st_dev && held.st_ino == there.st_ino
    }

    /// Removes every copy in `temporary` that a dry run which ended without removing it left;
    /// how many. A copy is one only if it is a directory of this user (never followed through a
    /// link) holding no more than a copy's files, whose lock no process holds, and whose marker
    /// names a dry run that is gone (of an earlier boot, or a pid that no longer runs).
    static func removeLeftCopies(in temporary: String) -> Int {
        guard let names = SystemPath.entries(of: temporary) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(prefix) {
            let copy = temporary + "/" + name
            var info = stat()
            guard SystemPath.lstat(copy, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(),
                let entries = SystemPath.entries(of: copy),
                Set(entries).isSubset(of: copyFiles)
            else { continue }
            let lock = SystemPath.open(copy + "/" + ownerFile, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
            guard lock >= 0 else { continue }
            defer { close(lock) }
            guard flock(lock, LOCK_EX | LOCK_NB) == 0, let marker = DryRunMarker(readingFrom: lock), marker.isGone
            else { continue }
            removeCopy(copy)
            if !SystemPath.exists(copy) { removed += 1 }
        }
        return removed
    }
}
