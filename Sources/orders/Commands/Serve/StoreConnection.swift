import LedgerHTTP
import LedgerServices
import LedgerStore
import Synchronization

/// The store as the server reads it: opened read-only at the first request that finds it there,
/// then kept open for every later one (each request still reads its own snapshot, and imports go
/// on beside it). A missing store is asked for again at the next request.
final class StoreConnection: LedgerOpening {
    let path: String
    private let store = Mutex<LedgerStore?>(nil)

    init(path: String) { self.path = path }

    func open() throws -> LedgerPorts {
        let store = try self.store.withLock { cached in
            if let cached { return cached }
            let opened = try LedgerStore(path: path, readOnly: true)
            cached = opened
            return opened
        }
        return LedgerPorts(
            queries: store, events: store, provenance: store, asOf: { AsOfLedger(store: store, asOf: $0, shouldStop: $1) })
    }
}
