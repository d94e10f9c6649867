public import LedgerDomain

/// A run of consecutive events of the log and the ids first named up to the snapshot's head.
public struct EventLogPage: Sendable {
    /// How many ids of each kind a reader already holds (numbers 0 ..< count).
    public struct NameCounts: Hashable, Sendable {
        public var orders: Int
        public var customers: Int
        public var skus: Int

        public init(orders: Int = 0, customers: Int = 0, skus: Int = 0) {
            self.orders = orders
            self.customers = customers
            self.skus = skus
        }
    }

    /// The seq of the snapshot's last event (0 for an empty log).
    public let headSeq: UInt64
    /// The seq of `events[0]`; the log is gapless, so `events[i]` has seq `firstSeq + i`.
    public let firstSeq: UInt64
    public let events: [OrderEvent]
    /// The digest of the history up to the page's last event (what `orders stats` shows when
    /// that event is the head); `nil` for a store without a chain.
    public let chain: ChainDigest?
    /// The ids numbered from the requested counts on, in number order.
    public let orderIDs: [String]
    public let customerIDs: [String]
    public let skus: [String]

    public init(
        headSeq: UInt64, firstSeq: UInt64, events: [OrderEvent], chain: ChainDigest? = nil, orderIDs: [String],
        customerIDs: [String], skus: [String]
    ) {
        self.headSeq = headSeq
        self.firstSeq = firstSeq
        self.events = events
        self.chain = chain
        self.orderIDs = orderIDs
        self.customerIDs = customerIDs
        self.skus = skus
    }
}
