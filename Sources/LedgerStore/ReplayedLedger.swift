public import LedgerDomain

/// Everything a replay of the log derives, in memory, indexed by dense numbers.
public struct ReplayedLedger: Sendable {
    /// Order states by order number.
    public var orders: [OrderState] = []
    /// The seq of each order's latest event, by order number.
    public var lastSeqs: [UInt64] = []
    /// The customers, revenue, skus and status read models.
    public var readModels = InMemoryReadModels()
    /// The seq of the last event replayed (0 for an empty log).
    public var headSeq: UInt64 = 0
    /// Ids named by the log, by dense number (gathered only when asked for).
    public var orderIDs: [String] = []
    public var customerIDs: [String] = []
    public var skuIDs: [String] = []
    /// Breaks of the log's own invariants found while replaying (empty when it is sound).
    public var problems: [String] = []

    public init() {}

    public var eventCount: Int { Int(headSeq) }

    /// The keys of the customer→orders index: every order under its customer, ascending.
    var customerOrderKeys: [UInt64] {
        orders.enumerated().map { LedgerTransaction.customerOrderKey($1.customer, OrderNumber(UInt32($0))).value }.sorted()
    }
}
