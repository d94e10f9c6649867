/// What `orders verify` found: how much it checked and every difference, readable.
public struct VerifyReport: Hashable, Sendable {
    public let events: Int
    public let orders: Int
    public let differences: [String]
    /// The log's hash chain as recomputed from the events, at the last link that still matched
    /// (the head when nothing changed); `nil` for a store without a chain (an older format).
    public let chain: ChainDigest?

    public init(events: Int, orders: Int, differences: [String], chain: ChainDigest? = nil) {
        self.events = events
        self.orders = orders
        self.differences = differences
        self.chain = chain
    }

    public var isConsistent: Bool { differences.isEmpty }
}
