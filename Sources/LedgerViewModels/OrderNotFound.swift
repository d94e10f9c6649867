/// `orders show` of an id that no order has.
public struct OrderNotFound: Error, CustomStringConvertible {
    public let orderID: String

    public init(orderID: String) { self.orderID = orderID }

    public var description: String { "no order \(orderID) in this store; orders list shows the ids there are" }
}
