internal import LMDB
internal import LedgerDomain

/// The store's three id dictionaries in memory, kept by one import across its chunks (see
/// `IdentifierTable`): every order, customer and sku id is found without a B-tree search.
final class ImportIdentifiers {
    let orders = IdentifierTable(names: \.orderNames)
    let customers = IdentifierTable(names: \.customerNames)
    let skus = IdentifierTable(names: \.skuNames)

    /// Starts a chunk in `ledger` (see `IdentifierTable.begin`); the pages the tables load are
    /// dropped from `region` as they add up.
    func begin(_ ledger: LedgerTransaction, releasing region: MappedRegion?) throws {
        try orders.begin(ledger, releasing: region)
        try customers.begin(ledger, releasing: region)
        try skus.begin(ledger, releasing: region)
    }

    /// Frees the three tables' memory: the import's last chunk is prepared.
    func release() {
        orders.release()
        customers.release()
        skus.release()
    }

    /// The chunk committed: the ids it defined stay.
    func committed() {
        orders.committed()
        customers.committed()
        skus.committed()
    }
}
