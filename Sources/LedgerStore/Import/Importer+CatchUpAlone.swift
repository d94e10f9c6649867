internal import CMemory
import Glibc
public import LedgerServices

extension Importer {
    /// Run before an import opens the store at `path`: rebuilds the read models that an
    /// interrupted import left behind the log, in an environment opened for that alone and closed
    /// again, then hands the freed memory back to the system. LMDB keeps every page a write
    /// transaction dirtied, for the next one, until its environment closes: after the rebuild of
    /// a store killed mid-import, 147 MB that the import would otherwise carry beside its tables
    /// (`hostile`, killed at 1.77M events: a resumed import's peak RSS 566 MiB with its catch-up
    /// inside, 432 after one run alone). Says so through `options.notice`, as the import would;
    /// whether it caught up. Does nothing when there is no store, when nothing lags, or when
    /// another import or rebuild holds the store; a failure or a stop asked for is left for the
    /// import itself to meet and report.
    public static func catchUpAlone(path: String, options: ImportOptions) -> Bool {
        // Opening a path where no store is would make one.
        guard access(path + "/data.mdb", F_OK) == 0 else { return false }
        let caughtUp: Bool
        do {
            let store = try LedgerStore(path: path, creating: false)
            guard let lock = try? StoreLock(directory: path, role: "import", limit: 0, notice: { _ in }) else {
                return false
            }
            defer { withExtendedLifetime(lock) {} }
            caughtUp = try rebuildLagging(store, options, why: unfinished, first: true)
        } catch {
            return false
        }
        // The store is closed (nothing else holds it): LMDB has freed its pages to malloc.
        if caughtUp { cmemory_trim() }
        return caughtUp
    }
}
