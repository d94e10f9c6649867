/// One line of a `placed` event, with the sku interned.
public struct EventLine: Hashable, Sendable {
    public let sku: SKUNumber
    public let quantity: UInt32
    public let unitPrice: Int64

    public init(sku: SKUNumber, quantity: UInt32, unitPrice: Int64) {
        self.sku = sku
        self.quantity = quantity
        self.unitPrice = unitPrice
    }
}
