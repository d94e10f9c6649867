/// One line of an order as `orders show` prints it.
public struct LineItem: Hashable, Sendable {
    public let sku: String
    public let quantity: Int64
    public let unitPrice: Int64

    public init(sku: String, quantity: Int64, unitPrice: Int64) {
        self.sku = sku
        self.quantity = quantity
        self.unitPrice = unitPrice
    }
}
