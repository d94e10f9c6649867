internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// The store's three id dictionaries in memory, kept by one import across its chunks (see
/// `IdentifierTable`): every order, customer and sku id is found without a B-tree search, or,
/// point-wise, with one for each id the store holds and the import meets.
final class ImportIdentifiers {
    let orders: IdentifierTable
    let customers: IdentifierTable
    let skus: IdentifierTable

    /// `lookups`: whether the stored ids are loaded or looked up one by one (`IdentifierTable`).
    init(lookups: LookupMode = .loaded) {
        let pointwise = lookups == .pointwise
        orders = IdentifierTable(names: \.orderNames, ids: pointwise ? \.orderIDs : nil)
        customers = IdentifierTable(names: \.customerNames, ids: pointwise ? \.customerIDs : nil)
        skus = IdentifierTable(names: \.skuNames, ids: pointwise ? \.skuIDs : nil)
    }

    /// Starts a chunk in `ledger` (see `IdentifierTable.begin`); the pages the tables load are
    /// dropped from `region` as they add up.
    func begin(_ ledger: LedgerTransaction, releasing region: MappedRegion?, catchingUp: Bool = true) throws {
        try orders.begin(ledger, releasing: region, catchingUp: catchingUp)
        try customers.begin(ledger, releasing: region, catchingUp: catchingUp)
        try skus.begin(ledger, releasing: region, catchingUp: catchingUp)
    }

    /// Frees the three tables' memory: the import's last chunk is prepared.
    func release() {
        orders.release()
        customers.release()
        skus.release()
    }

    /// Empties the three tables as `release` does, handing over the entries of their ids by the
    /// read model whose `…_ids` maps them.
    func handOver() -> [ReadModelName: HeldIDEntries] {
        [.orders: orders.handOver(), .customers: customers.handOver(), .skus: skus.handOver()]
    }

    /// The chunk committed: the ids it defined stay.
    func committed() {
        orders.committed()
        customers.committed()
        skus.committed()
    }
}
