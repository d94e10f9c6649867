/// One line of a `place` command: `qty` units of `sku` at `unitPrice` minor units each.
public struct OrderLine: Hashable, Sendable {
    public let sku: SKU
    public let quantity: Int64
    public let unitPrice: Int64

    public init(sku: SKU, quantity: Int64, unitPrice: Int64) {
        self.sku = sku
        self.quantity = quantity
        self.unitPrice = unitPrice
    }
}
