internal import LedgerDomain

/// The replay's rows (`ReplayRows`) with the changes of customer and sku rows kept in batches and
/// folded a batch at a time in row order (`BlockOrder`), instead of one by one as the events come:
/// when an order's events lie apart or its customers and skus are many, the events reach the rows
/// at random, each row over more memory than the TLB maps (a page walk per event, which a
/// prefetch only waits for); a batch in row order reaches them in ascending addresses. Folding is
/// additive, so the rows come out the same. Revenue and status rows are few: folded at once.
struct StagedRows: ReadModelSink {
    private var rows: ReplayRows
    private var customers: [CustomerRowUpdate] = []
    private var skus: [SKURowUpdate] = []
    private var customerOrder: BlockOrder
    private var skuOrder: BlockOrder

    /// How many changes of each kind a batch holds.
    static let batchSize = 1 << 14

    /// How many changes ahead of the one folded have their row prefetched.
    static let lookahead = 8

    /// Stages the changes of `rows`.
    init(_ rows: consuming ReplayRows) {
        customerOrder = BlockOrder(keys: rows.expectedCustomerRows, capacity: Self.batchSize)
        skuOrder = BlockOrder(keys: rows.expectedSKURows, capacity: Self.batchSize)
        customers.reserveCapacity(Self.batchSize)
        skus.reserveCapacity(Self.batchSize)
        self.rows = rows
    }

    /// The rows, every change staged folded in (handed over: nothing is left staged here).
    mutating func finish() -> ReplayRows {
        foldCustomers()
        foldSKUs()
        var taken = ReplayRows(customers: 0, skus: 0)
        swap(&taken, &rows)
        return taken
    }

    mutating func addToCustomer(
        _ number: CustomerNumber, orders: Int64, openOrders: Int64, cancelled: Int64, net: Int64, in currency: Currency?
    ) {
        let slot = currency.map { rows.slot(of: $0) } ?? -1
        guard
            let update = CustomerRowUpdate(
                row: number.index, slot: slot, orders: orders, openOrders: openOrders, cancelled: cancelled, net: net)
        else {
            return rows.addToCustomer(
                row: number.index, slot: slot, orders: orders, openOrders: openOrders, cancelled: cancelled, net: net)
        }
        customers.append(update)
        if customers.count == Self.batchSize { foldCustomers() }
    }

    mutating func addToSKU(_ number: SKUNumber, unitsOrdered: Int64, unitsCancelled: Int64, revenue: Int64, in currency: Currency)
    {
        let slot = rows.slot(of: currency)
        guard
            let update = SKURowUpdate(
                row: number.index, slot: slot, unitsOrdered: unitsOrdered, unitsCancelled: unitsCancelled, revenue: revenue)
        else {
            return rows.addToSKU(
                row: number.index, slot: slot, unitsOrdered: unitsOrdered, unitsCancelled: unitsCancelled, revenue: revenue)
        }
        skus.append(update)
        if skus.count == Self.batchSize { foldSKUs() }
    }

    mutating func revenue(_ key: RevenueKey, _ update: (inout RevenueTotals) -> Void) {
        rows.revenue(key, update)
    }

    mutating func statuses(_ update: (inout StatusCounts) -> Void) {
        rows.statuses(update)
    }

    /// Folds the staged customer changes in row order and empties the batch.
    private mutating func foldCustomers() {
        // Moved out while folded, so that emptying it keeps its storage.
        var batch: [CustomerRowUpdate] = []
        swap(&batch, &customers)
        customerOrder.arrange(count: batch.count) { Int(batch[$0].row) }
        let count = batch.count
        for index in 0..<count {
            if index + Self.lookahead < count {
                rows.prefetchCustomer(row: Int(batch[customerOrder[index + Self.lookahead]].row))
            }
            let update = batch[customerOrder[index]]
            rows.addToCustomer(
                row: Int(update.row), slot: Int(update.slot), orders: Int64(update.orders), openOrders: Int64(update.openOrders),
                cancelled: Int64(update.cancelled), net: update.net)
        }
        batch.removeAll(keepingCapacity: true)
        swap(&batch, &customers)
    }

    /// Folds the staged sku changes in row order and empties the batch.
    private mutating func foldSKUs() {
        // Moved out while folded, so that emptying it keeps its storage.
        var batch: [SKURowUpdate] = []
        swap(&batch, &skus)
        skuOrder.arrange(count: batch.count) { Int(batch[$0].row) }
        let count = batch.count
        for index in 0..<count {
            if index + Self.lookahead < count { rows.prefetchSKU(row: Int(batch[skuOrder[index + Self.lookahead]].row)) }
            let update = batch[skuOrder[index]]
            rows.addToSKU(
                row: Int(update.row), slot: Int(update.slot), unitsOrdered: Int64(update.unitsOrdered),
                unitsCancelled: Int64(update.unitsCancelled), revenue: update.revenue)
        }
        batch.removeAll(keepingCapacity: true)
        swap(&batch, &skus)
    }
}
