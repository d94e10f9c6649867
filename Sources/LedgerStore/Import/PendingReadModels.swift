internal import LMDB

/// The read models an import changed, held by its tables and written back once, with the import's
/// last chunk (`ChunkWriter`): the orders, their customer→orders entries, the rows and the status
/// counts. Until that commit the stored read models stay where the import found them (their
/// checkpoints say so), while the log, the command ids and the id dictionaries move on with every
/// chunk: rewriting the read models' random pages with every commit wrote about 16 times the
/// store's size on spread lifecycles (measured: README, "What bounds each figure now").
///
/// Safe to send: it is handed over with the last chunk, after which the preparing thread no
/// longer touches the tables.
struct PendingReadModels: @unchecked Sendable {
    let orders: OrderStates
    let rows: ReadModelCache

    /// Writes every order, customer→orders entry and row the import changed; drops the pages of
    /// `region` after each database and every few writes within one.
    func write(to ledger: LedgerTransaction, releasing region: MappedRegion?) throws {
        region?.releasePages()
        var releaser = WriteBackReleaser(region)
        // The orders this import placed are numbered past every stored one: appended, in full
        // pages, without a search of the tree each.
        let stored = try ledger.rowNumberBound(\.orders)
        // Taken first: the orders' states are given back as they are written.
        let placed = orders.placedOrders()
        try orders.drainChanges { order in
            try ledger.putOrder(order, flags: order.number.index >= stored ? .append : [])
            releaser.wrote()
        }
        region?.releasePages()
        try ledger.indexCustomerOrders(placed, releasing: region)
        region?.releasePages()
        try rows.writeChanges(to: ledger, releasing: region)
    }
}
