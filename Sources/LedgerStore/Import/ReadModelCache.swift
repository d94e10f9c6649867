internal import LedgerDomain
internal import LedgerServices

/// The read model rows of one import, kept in memory across its chunks (arrays indexed by dense
/// numbers, so folding hashes nothing but revenue keys) and written back, changed rows only and
/// in key order, before each chunk commits.
///
/// The rows are trusted only while the log's head is where this import's last commit left it:
/// a chunk that starts anywhere else (another writer, an aborted or retried transaction)
/// starts from an empty cache and loads rows from the store again.
final class ReadModelCache: ReadModelRows {
    private var ledger: LedgerTransaction?
    private var customers: [CustomerTotals?] = []
    private var changedCustomers: [Int] = []
    private var skus: [SKUTotals?] = []
    private var changedSKUs: [Int] = []
    private var revenue: [RevenueKey: RevenueTotals] = [:]
    private var changedRevenue: Set<RevenueKey> = []
    private var statusCounts: StatusCounts?
    private var statusChanged = false
    /// The head seq at which the cached rows equal the stored ones, if known.
    private var validAt: UInt64?
    /// The first load that failed; `ReadModelRows` cannot throw, so `flush` reports it.
    private var failure: (any Error)?

    /// Starts a chunk in `ledger`, whose log ends at `head`.
    func begin(_ ledger: LedgerTransaction, head: UInt64) {
        if validAt != head {
            customers = []
            skus = []
            revenue = [:]
            statusCounts = nil
        }
        validAt = nil
        failure = nil
        changedCustomers = []
        changedSKUs = []
        changedRevenue = []
        statusChanged = false
        self.ledger = ledger
    }

    /// The chunk committed and the log now ends at `head`: the cached rows are the stored ones.
    func committed(head: UInt64) { validAt = head }

    func customer(_ number: CustomerNumber, _ update: (inout CustomerTotals) -> Void) {
        let index = number.index
        if index >= customers.count { customers.append(contentsOf: repeatElement(nil, count: index + 1 - customers.count)) }
        var row = customers[index] ?? load { try $0.customerRow(number) } ?? CustomerTotals()
        customers[index] = nil  // the row moves out and back, so it is never copied
        update(&row)
        customers[index] = row
        changedCustomers.append(index)
    }

    func sku(_ number: SKUNumber, _ update: (inout SKUTotals) -> Void) {
        let index = number.index
        if index >= skus.count { skus.append(contentsOf: repeatElement(nil, count: index + 1 - skus.count)) }
        var row = skus[index] ?? load { try $0.skuRow(number) } ?? SKUTotals()
        skus[index] = nil
        update(&row)
        skus[index] = row
        changedSKUs.append(index)
    }

    func revenue(_ key: RevenueKey, _ update: (inout RevenueTotals) -> Void) {
        var row = revenue[key] ?? load { try $0.revenueRow(key) } ?? RevenueTotals()
        update(&row)
        revenue[key] = row
        changedRevenue.insert(key)
    }

    func statuses(_ update: (inout StatusCounts) -> Void) {
        var counts = statusCounts ?? load { try $0.statusCounts() } ?? StatusCounts()
        update(&counts)
        statusCounts = counts
        statusChanged = true
    }

    private func load<Row>(_ body: (LedgerTransaction) throws -> Row?) -> Row? {
        guard let ledger else { preconditionFailure("a read model row was folded outside a chunk") }
        do {
            return try body(ledger)
        } catch {
            if failure == nil { failure = error }
            return nil
        }
    }

    /// Writes every changed row and sets every read model's checkpoint to `seq`.
    func flush(checkpoint seq: UInt64) throws {
        guard let ledger else { preconditionFailure("flush outside a chunk") }
        if let failure { throw failure }
        for index in Set(changedCustomers).sorted() {
            try ledger.putCustomerRow(CustomerNumber(UInt32(index)), customers[index]!)
        }
        for key in changedRevenue.sorted() { try ledger.putRevenueRow(key, revenue[key]!) }
        for index in Set(changedSKUs).sorted() { try ledger.putSKURow(SKUNumber(UInt32(index)), skus[index]!) }
        if statusChanged, let statusCounts { try ledger.putStatusCounts(statusCounts) }
        FaultInjection.reach(.beforeCheckpoint)
        for name in ReadModelName.allCases { try ledger.putCheckpoint(name, seq) }
    }
}
