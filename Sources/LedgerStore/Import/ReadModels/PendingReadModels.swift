internal import LMDB
internal import LedgerServices

/// The read models an import changed, held by its tables and written back once, with the import's
/// last chunk (`ChunkWriter`): the orders, their customer→orders entries, the rows and the status
/// counts, and the `…_ids` entries of the ids the import named (`indexIDs`). Until that commit the
/// stored read models and `…_ids` stay where the import found them (the checkpoints say so),
/// while the log, the command ids and the `…_names` move on with every chunk: rewriting the read
/// models' random pages with every commit wrote many times the store's size on spread
/// lifecycles (docs/PERFORMANCE.md, "What bounds each figure"), and the random inserts into
/// `…_ids` made an import of `wide` write far more than it does since.
///
// Safe: it is handed over with the last chunk, after which the preparing thread no
/// longer touches the order states. The rows are handed to the write-back once `ReadModelFoldingThread` has
/// folded every chunk into them.
struct PendingReadModels: @unchecked Sendable {
    let orders: OrderStates
    /// The ids the import named, sorted for their `…_ids` meanwhile (`nil`: sorted here).
    var sortedIDs: SortedNewIDs?

    /// Writes every order, customer→orders entry and row (`rows`) the import changed, and maps its
    /// new ids; drops the pages of `region` after each database and every few writes within one.
    func write(to ledger: LedgerTransaction, rows: ReadModelCache, releasing region: MappedRegion?) throws {
        region?.releasePages()
        var releaser = WriteBackReleaser(region)
        // The orders this import placed are numbered past every stored one: appended.
        let stored = try ledger.rowNumberBound(\.orders)
        // Taken first: the orders' states are given back as they are written.
        let placed = orders.placedOrders()
        // Sorted on the other core while the orders are written.
        let customerOrderKeys = BackgroundThread { LedgerTransaction.customerOrderKeys(placed) }
        // Through one cursor: each append after the first goes to the last page directly (see
        // `TableAppender`). The orders come in number order, so every put comes before the appends.
        try ledger.appending(to: \.orders) { appender in
            try orders.drainChanges { order in
                try ledger.putOrder(order, appendingTo: order.number.index >= stored ? appender : nil)
                releaser.wrote()
            }
        }
        region?.releasePages()
        try ledger.indexCustomerOrders(sortedKeys: try customerOrderKeys.wait(), releasing: region)
        region?.releasePages()
        try rows.writeChanges(to: ledger, releasing: region)
        // Last: the ids sorted on the other core meanwhile (or, without them, read and sorted here).
        for model in ReadModelName.allCases {
            guard let (names, ids) = LedgerTransaction.idDatabases(of: model) else { continue }
            region?.releasePages()
            try ledger.indexIDs(of: names, into: ids, sorted: sortedIDs?.ids(of: model), releasing: region)
        }
    }
}
