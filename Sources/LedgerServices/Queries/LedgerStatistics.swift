public import LedgerDomain

/// What `orders stats` prints (SPEC §6).
public struct LedgerStatistics: Hashable, Sendable {
    public var events: Int
    public var orders: Int
    /// Distinct customer ids over all placed orders.
    public var customers: Int
    /// Distinct skus over all placed orders.
    public var skus: Int
    public var headSeq: UInt64
    public var byStatus: StatusCounts
    /// Each read model's checkpoint: the last seq folded into it, by read model name.
    public var checkpoints: [String: UInt64]
    /// The head of the log's hash chain; `nil` for a store without one (an older format) and
    /// for an answer `--as-of` a past moment.
    public var chain: ChainDigest?
    /// The moment an `--as-of` answer is for (its `headSeq` is the last seq it folded); `nil` for the present.
    public var asOf: AsOf?

    public init(
        events: Int, orders: Int, customers: Int, skus: Int, headSeq: UInt64, byStatus: StatusCounts,
        checkpoints: [String: UInt64], chain: ChainDigest? = nil, asOf: AsOf? = nil
    ) {
        self.events = events
        self.orders = orders
        self.customers = customers
        self.skus = skus
        self.headSeq = headSeq
        self.byStatus = byStatus
        self.checkpoints = checkpoints
        self.chain = chain
        self.asOf = asOf
    }
}
