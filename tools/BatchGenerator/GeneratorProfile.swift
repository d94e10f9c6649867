public import LedgerDomain

/// Named shapes of batch, from the generator's original one to the hardest on every axis at once.
public enum GeneratorProfile: String, CaseIterable, Sendable {
    /// 200 orders per 1,000 customers, 2,000 skus, 5 currencies, half the records with a
    /// `command_id`, short ids, 1–4 lines per order, each lifecycle among 1,000 orders in flight.
    case compact
    /// `compact`, but an order's payments, shipments and refunds come anywhere later in the file,
    /// so placements are front-loaded and most orders are in flight at once.
    case spread
    /// Customers 30 % and skus 15 % of the orders, 10 currencies, a `command_id` on every record,
    /// ids of 6–64 characters, one order in 1,000 with 5–1,000 lines; lifecycles close together.
    case wide
    /// `wide` and `spread` at once.
    case hostile

    /// This profile's settings for a batch of `orders` orders.
    public func settings(orders: Int, format: RecordFormat = .csv, seed: UInt64 = 42, badShare: Double = 0)
        -> GeneratorSettings
    {
        var settings = GeneratorSettings(orders: orders, format: format, seed: seed, badShare: badShare)
        if self == .wide || self == .hostile {
            settings.customers = max(1, orders * 3 / 10)
            settings.skus = max(1, orders * 3 / 20)
            settings.currencies = GeneratorSettings.maximumCurrencies
            settings.commandIDShare = 1
            settings.idLengths = 6...64
            settings.longOrderShare = 0.001
        }
        if self == .spread || self == .hostile {
            settings.spread = 1
        }
        return settings
    }
}
