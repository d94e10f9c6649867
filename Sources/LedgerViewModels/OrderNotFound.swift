/// An order id that no order has, in the words `show`, `blame`, `events` and the server all use.
public struct OrderNotFound: Error, CustomStringConvertible {
    public let orderID: String

    public init(orderID: String) { self.orderID = orderID }

    public var description: String {
        if orderID.isEmpty { return "the order id is empty; orders list shows the ids there are" }
        return "no order \(orderID) in this store; orders list shows the ids there are"
    }
}
