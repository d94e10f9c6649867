/// Where `ReadModelFold` writes: the rows of every read model, however they are stored
/// (LMDB during an import, arrays during a replay). Each method lends one row to `update`.
public protocol ReadModelRows {
    mutating func customer(_ number: CustomerNumber, _ update: (inout CustomerTotals) -> Void)
    mutating func revenue(_ key: RevenueKey, _ update: (inout RevenueTotals) -> Void)
    mutating func sku(_ number: SKUNumber, _ update: (inout SKUTotals) -> Void)
    mutating func statuses(_ update: (inout StatusCounts) -> Void)
}
