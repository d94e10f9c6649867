internal import LedgerDomain

/// The read model rows one chunk changed, each once and in key order, as `ReadModelCache` hands
/// them to the chunk's write.
struct ReadModelChanges: Sendable {
    var customers: [(number: CustomerNumber, row: CustomerTotals)] = []
    var skus: [(number: SKUNumber, row: SKUTotals)] = []
    var revenue: [(key: RevenueKey, row: RevenueTotals)] = []
    var statuses: StatusCounts?
}
