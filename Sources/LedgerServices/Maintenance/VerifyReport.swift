/// What `orders verify` found: how much it checked and every difference, readable.
public struct VerifyReport: Hashable, Sendable {
    public let events: Int
    public let orders: Int
    public let differences: [String]

    public init(events: Int, orders: Int, differences: [String]) {
        self.events = events
        self.orders = orders
        self.differences = differences
    }

    public var isConsistent: Bool { differences.isEmpty }
}
