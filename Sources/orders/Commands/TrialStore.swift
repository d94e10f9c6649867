import Foundation
import LedgerStore

/// What `import --dry-run` imports into: a compacted copy of the store in the temporary
/// directory (or a new, empty store when there is none yet), so that every record is decided
/// against exactly what the store holds and the store itself is never opened for writing. The
/// copy is taken under the store's lock: a dry run waits for a running import or rebuild as an
/// import does, so that it never sees one halfway.
///
/// The copy's directory holds a lock (`ownerFile`) for as long as its dry run lives: a dry run
/// killed before it removed its copy leaves the lock free, and the next dry run removes that
/// copy (a store's size each, in the temporary directory).
struct TrialStore {
    let directory: String
    let store: LedgerStore
    /// The lock file, held locked until the copy is removed or the process ends.
    private let owner: Int32

    /// What the copies' directories are named from (`mkdtemp` adds six characters).
    static let prefix = "orders-dry-run-"
    /// The lock in each copy's directory.
    static let ownerFile = "owner.lock"

    /// Copies the store at `path` (a missing store: an empty one), after removing the copies that
    /// dry runs which did not finish left, which `notice` is told of, waiting at most `waitLimit`
    /// seconds for an import or rebuild of the store; store errors exit 2, a store still busy 75.
    init(copying path: String, waitLimit: Double?, notice: (String) -> Void) throws {
        let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let removed = Self.removeLeftCopies(in: temporary)
        if removed > 0 {
            let copies = removed == 1 ? "1 store copy" : "\(removed) store copies"
            notice("removed \(copies) left in \(temporary) by dry runs that did not finish")
        }
        let (directory, owner) = try Self.makeLockedDirectory(in: temporary)
        (self.directory, self.owner) = (directory, owner)
        do {
            if FileManager.default.fileExists(atPath: path + "/data.mdb") {
                let lock = try StoreLock(copying: path, limit: waitLimit, notice: notice)
                _ = try withExtendedLifetime(lock) {
                    try LedgerStore(path: path, readOnly: true).backup(to: directory, compact: true)
                }
            }
            store = try LedgerStore(path: directory, durable: false)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            close(owner)
            if case .busy = error as? StoreError { throw CommandFailure("\(error)", exitStatus: 75) }
            throw CommandFailure("\(error)", exitStatus: 2)
        }
    }

    /// A new directory for a copy in `temporary`, and its lock file, locked. Between making the
    /// lock file and locking it, another dry run may find the directory and, the lock being free,
    /// remove it: the lock is then held on a file that is gone, so the directory is made again.
    private static func makeLockedDirectory(in temporary: String) throws -> (directory: String, owner: Int32) {
        for _ in 0..<8 {
            var template = Array((temporary + "/" + prefix + "XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else { break }
            let directory = String(cString: made)
            let path = directory + "/" + ownerFile
            let owner = open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard owner >= 0 else { break }
            if locks(owner, stillAt: path) { return (directory, owner) }
            close(owner)
        }
        throw CommandFailure(
            "cannot make a directory for the dry run in \(temporary): \(String(cString: strerror(errno)))", exitStatus: 2)
    }

    /// Removes the copy.
    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
        close(owner)
    }

    /// Whether `owner` is locked by this process now and is still the file at `path` (not one
    /// that another dry run removed before the lock was taken).
    static func locks(_ owner: Int32, stillAt path: String) -> Bool {
        var held = stat()
        var there = stat()
        return flock(owner, LOCK_EX | LOCK_NB) == 0 && fstat(owner, &held) == 0 && lstat(path, &there) == 0
            && FileIdentity(held) == FileIdentity(there)
    }

    /// Removes every copy in `temporary` whose lock no process holds, that is, whose dry run
    /// ended without removing it; how many. Only directories of this user are looked at, never
    /// followed through a link, and one without the lock file (a copy being made) is left.
    static func removeLeftCopies(in temporary: String) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(prefix) {
            let copy = temporary + "/" + name
            var info = stat()
            guard lstat(copy, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid() else { continue }
            let lock = open(copy + "/" + ownerFile, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
            guard lock >= 0 else { continue }
            defer { close(lock) }
            guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { continue }
            if (try? FileManager.default.removeItem(atPath: copy)) != nil { removed += 1 }
        }
        return removed
    }
}
