/// Every read model row in memory, indexed by dense numbers: what a replay folds into.
public struct InMemoryReadModels: ReadModelRows, Hashable, Sendable {
    /// Indexed by customer number.
    public var customers: [CustomerTotals] = []
    public var revenue: [RevenueKey: RevenueTotals] = [:]
    /// Indexed by sku number.
    public var skus: [SKUTotals] = []
    public var statusCounts = StatusCounts()

    public init() {}

    public mutating func customer(_ number: CustomerNumber, _ update: (inout CustomerTotals) -> Void) {
        while customers.count <= number.index { customers.append(CustomerTotals()) }
        update(&customers[number.index])
    }

    public mutating func revenue(_ key: RevenueKey, _ update: (inout RevenueTotals) -> Void) {
        update(&revenue[key, default: RevenueTotals()])
    }

    public mutating func sku(_ number: SKUNumber, _ update: (inout SKUTotals) -> Void) {
        while skus.count <= number.index { skus.append(SKUTotals()) }
        update(&skus[number.index])
    }

    public mutating func statuses(_ update: (inout StatusCounts) -> Void) {
        update(&statusCounts)
    }
}
