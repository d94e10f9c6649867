/// Every read model row in memory, indexed by dense numbers: what a replay folds into.
public struct InMemoryReadModels: ReadModelRows, Hashable, Sendable {
    /// Indexed by customer number.
    public var customers: [CustomerTotals] = []
    public var revenue: [RevenueKey: RevenueTotals] = [:]
    /// Indexed by sku number.
    public var skus: [SKUTotals] = []
    public var statusCounts = StatusCounts()

    public init() {}

    /// Adds the rows of a fold of other orders. Folding is additive, so a replay split by order
    /// gives the same read models as a whole one once its parts are merged.
    public mutating func merge(_ other: InMemoryReadModels) {
        if customers.count < other.customers.count {
            customers.append(contentsOf: repeatElement(CustomerTotals(), count: other.customers.count - customers.count))
        }
        for (index, row) in other.customers.enumerated() { customers[index].merge(row) }
        if skus.count < other.skus.count {
            skus.append(contentsOf: repeatElement(SKUTotals(), count: other.skus.count - skus.count))
        }
        for (index, row) in other.skus.enumerated() { skus[index].merge(row) }
        for (key, row) in other.revenue { revenue[key, default: RevenueTotals()].merge(row) }
        statusCounts.merge(other.statusCounts)
    }

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
