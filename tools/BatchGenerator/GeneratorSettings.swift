public import LedgerDomain

/// What `BatchGenerator` writes.
public struct GeneratorSettings: Sendable {
    public var orders: Int
    public var format: RecordFormat
    public var seed: UInt64
    /// The share of extra records that are bad (each SPEC §3 code, plus command-id duplicates).
    public var badShare: Double
    public var customers: Int
    public var skus: Int
    /// How many orders are in flight at once (their lifecycles interleave).
    public var concurrentOrders: Int
    /// The share of records that carry a `command_id`.
    public var commandIDShare: Double

    public init(
        orders: Int, format: RecordFormat = .csv, seed: UInt64 = 42, badShare: Double = 0, customers: Int? = nil,
        skus: Int = 2_000, concurrentOrders: Int = 1_000, commandIDShare: Double = 0.5
    ) {
        self.orders = orders
        self.format = format
        self.seed = seed
        self.badShare = badShare
        self.customers = customers ?? max(1, orders / 5)
        self.skus = skus
        self.concurrentOrders = concurrentOrders
        self.commandIDShare = commandIDShare
    }
}
