/// What `orders verify` found: how much it checked and every difference, readable.
public struct VerifyReport: Hashable, Sendable {
    public let events: Int
    public let orders: Int
    public let differences: [String]
    /// The log's hash chain as recomputed from the events, at the last link that still matched
    /// (the head when nothing changed); `nil` for a store without a chain (an older format).
    public let chain: ChainDigest?
    /// The read models whose checkpoint is below the log's last seq (an import under way, or one
    /// that did not finish), each with its checkpoint: each was compared with the log up to that
    /// seq. Empty when every read model is up to date.
    public let lagging: [ReadModelName: UInt64]

    /// How a difference ends that names a key a lookup does not find where a walk in key order
    /// does: a damaged branch page.
    public static let damagedBranchPage = "(a damaged branch page)"

    public init(
        events: Int, orders: Int, differences: [String], chain: ChainDigest? = nil, lagging: [ReadModelName: UInt64] = [:]
    ) {
        self.events = events
        self.orders = orders
        self.differences = differences
        self.chain = chain
        self.lagging = lagging
    }

    public var isConsistent: Bool { differences.isEmpty }
}
