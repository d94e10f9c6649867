import LedgerDomain

/// The read model rows one mirror transaction changes: those written before it (which it first
/// deletes) and those it creates.
struct TouchedRows {
    var orders: Set<Int> = []
    var customers: Set<Int> = []
    var skus: Set<Int> = []
    var revenue: Set<RevenueKey> = []
    /// Rows that were written by an earlier transaction.
    var existingOrders: [Int] = []
    var existingRevenue: [RevenueKey] = []
    /// Customers and skus numbered below these existed before (numbers are dense, in first-named order).
    let customersBefore: Int
    let skusBefore: Int

    init(customersBefore: Int, skusBefore: Int) {
        self.customersBefore = customersBefore
        self.skusBefore = skusBefore
    }

    var existingCustomers: [Int] { customers.filter { $0 < customersBefore } }
    var existingSKUs: [Int] { skus.filter { $0 < skusBefore } }
}
