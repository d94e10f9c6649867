internal import LedgerDomain

/// What one replay thread derives from its partition of the orders.
struct ReplayedPart: Sendable {
    /// Order states and latest seqs, by position in the partition.
    var orders: [OrderState] = []
    var lastSeqs: [UInt64] = []
    var readModels = InMemoryReadModels()
    var headSeq: UInt64 = 0
    /// Names, by dense number (first partition only, when asked for).
    var orderIDs: [String] = []
    var customerIDs: [String] = []
    var skuIDs: [String] = []
    var problems: [String] = []
}
