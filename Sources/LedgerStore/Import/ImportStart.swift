internal import BatchFormats
internal import CMemory
import Glibc
public import LedgerServices
import Synchronization
import SystemPaths

/// What `orders import` does before it opens the store, handed on to its `Importer`: the first
/// file opened (an error of it is the import's to report), the store's lock taken, and the read
/// models that an interrupted import left behind the log rebuilt in an LMDB environment of their
/// own, closed before the import opens the store. LMDB keeps every page a write transaction
/// dirtied until its environment closes: after the rebuild of a store killed mid-import, pages
/// that the import would otherwise carry beside its tables (a resumed `hostile` import peaked far
/// higher with its catch-up inside than after one run alone).
///
/// The catch-up says so through `options.notice`, as the import's would. It is left to the import
/// when the file cannot be opened, when there is no store, or when another import or rebuild
/// holds the store (the import then waits as usual); a stop asked for during it ends the import
/// at its own catch-up, and a failure of it is the import's error.
// Safe: its parts are set in init and moved out once, by the one caller that `taken` lets in.
public final class ImportStart: @unchecked Sendable {
    /// The file opened first, as named to the importer.
    private let file: String
    private var opened: Result<(batch: BatchFile, reader: any BatchReader), any Error>?
    /// The store's lock, held until the import of `file` ends; `nil` when the catch-up was left
    /// to the import.
    private var lock: StoreLock?
    /// Why the catch-up failed, for the import to report instead of running it again.
    private var failure: (any Error)?
    private let taken = Atomic<Bool>(false)
    /// Whether read models were rebuilt.
    public let caughtUp: Bool

    /// Opens `file`, the first of the import into the store at `path`, and catches the store's
    /// read models up.
    public init(store path: String, firstFile file: String, options: ImportOptions) {
        self.file = file
        let opened = Result { try Importer.open(file, options: options) }
        self.opened = opened
        var caughtUp = false
        var failure: (any Error)?
        // Opening a path where no store is would make one.
        if case .success = opened, SystemPath.access(path + "/data.mdb", F_OK) == 0,
            let free = try? StoreLock(directory: path, role: "import", limit: 0, notice: { _ in })
        {
            lock = free
            // A store that cannot be opened is the import's to report, with the exit status of its kind.
            if let store = try? LedgerStore(path: path, creating: false) {
                do {
                    caughtUp = try Importer.rebuildLagging(store, options, why: Importer.unfinished, first: true)
                } catch is ReplayInterrupted {
                    // The import stops at its own catch-up, with what the store holds of the file.
                } catch {
                    failure = error
                }
            }
        } else {
            lock = nil
        }
        self.failure = failure
        self.caughtUp = caughtUp
        // The store is closed (nothing else holds it): LMDB has freed its pages to malloc.
        if caughtUp { cmemory_trim() }
    }

    /// What the import of `file` starts from, handed on once (the lock with it: the import gives
    /// it up when it ends); `nil` for any other file, or once taken.
    func take(for file: String) -> (
        opened: Result<(batch: BatchFile, reader: any BatchReader), any Error>, lock: StoreLock?, failure: (any Error)?
    )? {
        guard file == self.file, !taken.exchange(true, ordering: .acquiringAndReleasing), let opened else { return nil }
        defer { (self.opened, lock, failure) = (nil, nil, nil) }
        return (opened, lock, failure)
    }
}
