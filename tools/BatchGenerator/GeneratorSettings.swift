public import LedgerDomain

/// What `BatchGenerator` writes. The defaults are the `compact` profile (see `GeneratorProfile`).
public struct GeneratorSettings: Sendable {
    /// The most currencies a batch can use (`GeneratedIdentifiers.currencies`).
    public static let maximumCurrencies = 10

    public var orders: Int
    public var format: RecordFormat
    public var seed: UInt64
    /// The share of extra records that are bad (each SPEC §3 code, plus command-id duplicates).
    public var badShare: Double
    public var customers: Int
    public var skus: Int
    /// How many orders are in flight at once when `spread` is 0 (their lifecycles interleave).
    public var concurrentOrders: Int
    /// The share of records that carry a `command_id`.
    public var commandIDShare: Double
    /// How many currencies orders are placed in (1…10); every customer and sku meets several.
    public var currencies: Int
    /// The lengths of order, customer, sku and command ids, each drawn per id from this range
    /// (never shorter than the id's prefix and number); `nil` keeps them as short as they can be.
    public var idLengths: ClosedRange<Int>?
    /// The share of orders with 5…`maxLines` lines instead of 1…4.
    public var longOrderShare: Double
    /// The most lines of an order in the `longOrderShare` tail (5…1,000).
    public var maxLines: Int
    /// How far apart an order's events are. 0: close together, among `concurrentOrders` orders in
    /// flight. Above 0: each next event of an order comes up to this share of the rest of the
    /// file later, with no limit on the orders in flight; 1 is "anywhere later in the file", which
    /// front-loads the placements.
    public var spread: Double

    public init(
        orders: Int, format: RecordFormat = .csv, seed: UInt64 = 42, badShare: Double = 0, customers: Int? = nil,
        skus: Int = 2_000, concurrentOrders: Int = 1_000, commandIDShare: Double = 0.5, currencies: Int = 5,
        idLengths: ClosedRange<Int>? = nil, longOrderShare: Double = 0, maxLines: Int = 1_000, spread: Double = 0
    ) {
        self.orders = orders
        self.format = format
        self.seed = seed
        self.badShare = badShare
        self.customers = customers ?? max(1, orders / 5)
        self.skus = skus
        self.concurrentOrders = concurrentOrders
        self.commandIDShare = commandIDShare
        self.currencies = currencies
        self.idLengths = idLengths
        self.longOrderShare = longOrderShare
        self.maxLines = maxLines
        self.spread = spread
    }

    /// What is wrong with these settings, as a user message, or `nil` when they can be generated.
    public var problem: String? {
        if orders < 0 { return "--orders must be 0 or more" }
        if customers < 1 || skus < 1 { return "--customers and --skus must be positive" }
        if concurrentOrders < 1 { return "--in-flight must be positive" }
        if !(1...Self.maximumCurrencies).contains(currencies) {
            return "--currencies is between 1 and \(Self.maximumCurrencies)"
        }
        if let idLengths, idLengths.lowerBound < 1 || idLengths.upperBound > 64 {
            return "--id-length is between 1 and 64 characters"
        }
        if !(5...1_000).contains(maxLines) { return "--max-lines is between 5 and 1000" }
        for (name, share) in [
            ("--bad-share", badShare), ("--command-id-share", commandIDShare),
            ("--long-order-share", longOrderShare), ("--spread", spread),
        ] where !(0...1).contains(share) {
            return "\(name) is between 0 and 1"
        }
        return nil
    }
}
