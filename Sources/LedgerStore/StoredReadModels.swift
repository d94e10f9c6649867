internal import LedgerDomain

/// The read model rows one chunk touches: loaded from the store on first use, folded in memory,
/// and written back once, in key order, with the checkpoints, before the chunk commits.
struct StoredReadModels: ReadModelRows {
    private let ledger: LedgerTransaction
    private var customers: [CustomerNumber: CustomerTotals] = [:]
    private var revenue: [RevenueKey: RevenueTotals] = [:]
    private var skus: [SKUNumber: SKUTotals] = [:]
    private var statusCounts: StatusCounts?
    /// The first load that failed; `ReadModelRows` cannot throw, so `flush` reports it.
    private var failure: (any Error)?

    init(_ ledger: LedgerTransaction) { self.ledger = ledger }

    mutating func customer(_ number: CustomerNumber, _ update: (inout CustomerTotals) -> Void) {
        let ledger = self.ledger
        if customers[number] == nil { customers[number] = load { try ledger.customerRow(number) } ?? CustomerTotals() }
        update(&customers[number]!)
    }

    mutating func revenue(_ key: RevenueKey, _ update: (inout RevenueTotals) -> Void) {
        let ledger = self.ledger
        if revenue[key] == nil { revenue[key] = load { try ledger.revenueRow(key) } ?? RevenueTotals() }
        update(&revenue[key]!)
    }

    mutating func sku(_ number: SKUNumber, _ update: (inout SKUTotals) -> Void) {
        let ledger = self.ledger
        if skus[number] == nil { skus[number] = load { try ledger.skuRow(number) } ?? SKUTotals() }
        update(&skus[number]!)
    }

    mutating func statuses(_ update: (inout StatusCounts) -> Void) {
        let ledger = self.ledger
        if statusCounts == nil { statusCounts = load { try ledger.statusCounts() } ?? StatusCounts() }
        update(&statusCounts!)
    }

    private mutating func load<Row>(_ body: () throws -> Row?) -> Row? {
        do {
            return try body()
        } catch {
            if failure == nil { failure = error }
            return nil
        }
    }

    /// Writes every touched row and sets every read model's checkpoint to `seq`.
    func flush(checkpoint seq: UInt64) throws {
        if let failure { throw failure }
        for (number, row) in customers.sorted(by: { $0.key < $1.key }) { try ledger.putCustomerRow(number, row) }
        for (key, row) in revenue.sorted(by: { $0.key < $1.key }) { try ledger.putRevenueRow(key, row) }
        for (number, row) in skus.sorted(by: { $0.key < $1.key }) { try ledger.putSKURow(number, row) }
        if let statusCounts { try ledger.putStatusCounts(statusCounts) }
        for name in ReadModelName.allCases { try ledger.putCheckpoint(name, seq) }
    }
}
