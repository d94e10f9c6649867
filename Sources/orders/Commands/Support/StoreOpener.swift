import FoundationEssentials
import Glibc
import LedgerServices
import LedgerStore
import SystemPaths

/// The composition root of the command line: where every command opens the store, and where a
/// query turns it into the port (`LedgerQuerying`) that its view models and views work with, so
/// that no view, option or text helper sees the store itself. Each command chooses the exit status
/// of an error it meets here.
enum StoreOpener {
    /// Opens the store at `path` read-only (a reading command never writes); a missing store exits 1.
    static func openForReading(path: String) throws -> LedgerStore {
        do {
            return try LedgerStore(path: path, readOnly: true)
        } catch {
            throw CommandFailure.opening(error, otherwise: 1)
        }
    }

    /// Opens the store at `path` to write it, made first when there is none (what `import` writes).
    static func openForWriting(path: String) throws -> LedgerStore {
        try LedgerStore(path: path)
    }

    /// Opens the store at `path` to change what it holds (`rebuild`); `StoreError.missing` when
    /// there is none, which is never made here.
    static func openExisting(path: String) throws -> LedgerStore {
        guard SystemPath.access(path + "/data.mdb", F_OK) == 0 else { throw StoreError.missing(path: path) }
        return try LedgerStore(path: path, creating: false)
    }

    /// What a query at `path` reads: the stored read models (with a note on standard error if they
    /// lag the log), or the log replayed as of `moment`.
    static func queries(path: String, asOf moment: AsOf?) throws -> any LedgerQuerying {
        let store = try openForReading(path: path)
        guard let moment else {
            LagNotice.write(standing: try? store.readModelStanding())
            return store
        }
        return AsOfLedger(store: store, asOf: moment)
    }

    /// What the query that `options` describe reads (see `queries(path:asOf:)`).
    static func queries(_ options: QueryOptions) throws -> any LedgerQuerying {
        try queries(path: options.storeOptions.path, asOf: options.asOfOption.moment)
    }

    /// What a provenance command (`batches`, `blame`, `diff`) at `path` reads: the store opened
    /// read-only, seen through its port.
    static func provenance(path: String) throws -> any ProvenanceQuerying {
        try openForReading(path: path)
    }

    /// Runs `body`, a read of the store: a store error it meets is one line and exit 1.
    static func reading<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as StoreError {
            throw CommandFailure("\(error)", exitStatus: 1)
        }
    }
}
