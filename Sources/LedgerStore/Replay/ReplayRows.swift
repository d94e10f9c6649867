internal import CPrefetch
internal import LedgerDomain

/// The read model rows a replay folds into: arrays by dense number, and revenue rows found
/// through a dictionary that is asked only when a currency's date changes (a log is mostly in
/// time order, so that is rarely): a small direct-mapped memo remembers each currency's last row.
struct ReplayRows: ReadModelRows {
    private var customers: [CustomerTotals] = []
    private var skus: [SKUTotals] = []
    private var revenueRows: [RevenueTotals] = []
    private var revenueKeys: [RevenueKey] = []
    private var revenueIndex: [RevenueKey: Int] = [:]
    private var recentRevenue = [(key: RevenueKey, row: Int)](
        repeating: (RevenueKey(day: .min, currency: Currency(packed: 0)), -1), count: 16)
    private var statusCounts = StatusCounts()

    /// Room for about `customers` customers and `skus` skus.
    init(customers: Int, skus: Int) {
        self.customers.reserveCapacity(customers)
        self.skus.reserveCapacity(skus)
    }

    /// Starts bringing customer `number`'s row into the cache, ahead of folding into it.
    func prefetchCustomer(_ number: CustomerNumber) {
        Self.prefetch(number.index, of: customers)
    }

    /// Starts bringing sku `number`'s row into the cache, ahead of folding into it.
    func prefetchSKU(_ number: SKUNumber) {
        Self.prefetch(number.index, of: skus)
    }

    /// Prefetches every cache line of `rows[index]` (a row may span three), if it exists yet.
    // Safe: a prefetch only hints the cache; the index is checked against the array before its address is taken.
    private static func prefetch<Row>(_ index: Int, of rows: [Row]) {
        guard index < rows.count else { return }
        rows.withUnsafeBufferPointer { buffer in
            let row = UnsafeRawPointer(buffer.baseAddress! + index)
            for offset in stride(from: 0, to: MemoryLayout<Row>.size, by: 64) { cprefetch_for_write(row + offset) }
            cprefetch_for_write(row + MemoryLayout<Row>.size - 1)
        }
    }

    mutating func customer(_ number: CustomerNumber, _ update: (inout CustomerTotals) -> Void) {
        while customers.count <= number.index { customers.append(CustomerTotals()) }
        update(&customers[number.index])
    }

    mutating func revenue(_ key: RevenueKey, _ update: (inout RevenueTotals) -> Void) {
        let slot = Int(truncatingIfNeeded: (key.currency.packed &* 0x9E37_79B1) >> 28)
        if recentRevenue[slot].key != key || recentRevenue[slot].row < 0 {
            let row =
                revenueIndex[key]
                ?? {
                    revenueIndex[key] = revenueRows.count
                    revenueRows.append(RevenueTotals())
                    revenueKeys.append(key)
                    return revenueRows.count - 1
                }()
            recentRevenue[slot] = (key, row)
        }
        update(&revenueRows[recentRevenue[slot].row])
    }

    mutating func sku(_ number: SKUNumber, _ update: (inout SKUTotals) -> Void) {
        while skus.count <= number.index { skus.append(SKUTotals()) }
        update(&skus[number.index])
    }

    mutating func statuses(_ update: (inout StatusCounts) -> Void) {
        update(&statusCounts)
    }

    /// The rows as `InMemoryReadModels`.
    func finished() -> InMemoryReadModels {
        var models = InMemoryReadModels()
        models.customers = customers
        models.skus = skus
        models.revenue = Dictionary(uniqueKeysWithValues: zip(revenueKeys, revenueRows))
        models.statusCounts = statusCounts
        return models
    }
}
