import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// Sums past 64 bits in every share of a replay (SPEC §10): each thread's and each epoch's share
/// of a row passes `Int64`'s bounds on its own, so the carries of the shares must be joined, and
/// the rows must equal sums made with plain `Int128` arithmetic.
struct ExactSumsReplayTests {
    let directory = TemporaryDirectory()
    var path: String { directory.path + "/store" }

    static let orders = 30_000
    static let total: Int128 = 1_000_000_000_000_000

    /// Order `i` belongs to customer `C-(i % 2)` and sku `S-(i % 2)`, is in USD when `i % 3 == 0`
    /// (else EUR), is paid in full, and when `i % 4 == 1` is shipped and refunded in full the
    /// next day.
    func batch() -> String {
        var text = "type,order_id,customer_id,currency,lines,amount,at\n"
        for order in 1...Self.orders {
            let currency = order % 3 == 0 ? "USD" : "EUR"
            text += "place,O-\(order),C-\(order % 2),\(currency),S-\(order % 2)*1000@1000000000000,,2026-03-01T10:00:00Z\n"
            text += "pay,O-\(order),,,,\(Self.total),2026-03-01T11:00:00Z\n"
            if order % 4 == 1 {
                text += "ship,O-\(order),,,,,2026-03-02T09:00:00Z\n"
                text += "refund,O-\(order),,,,\(Self.total),2026-03-02T10:00:00Z\n"
            }
        }
        return directory.file("big.csv", text)
    }

    /// The rows worked out order by order, in `Int128`.
    func expected() -> (net: [String: Int128], revenue: [String: Int128], gross: [String: Int128]) {
        var net: [String: Int128] = [:]
        var revenue: [String: Int128] = [:]
        var gross: [String: Int128] = [:]
        for order in 1...Self.orders {
            let currency = order % 3 == 0 ? "USD" : "EUR"
            let refunded = order % 4 == 1 ? Self.total : 0
            net["C-\(order % 2) \(currency)", default: 0] += Self.total - refunded
            revenue["S-\(order % 2) \(currency)", default: 0] += Self.total
            gross["2026-03-01 \(currency)", default: 0] += Self.total
            if refunded > 0 { gross["2026-03-02 \(currency) refunded", default: 0] += refunded }
        }
        return (net, revenue, gross)
    }

    @Test func everyThreadCountAndEpochLengthFoldsTheExactSums() throws {
        let store = try LedgerStore(path: path, durable: false)
        _ = try Importer(store: store).importFile(batch(), options: ImportOptions(chunkSize: 997))
        let (net, revenue, gross) = expected()
        #expect(net.values.contains { $0 > Int128(Int64.max) })

        let imported = try store.customers().flatMap { row in
            row.totals.net.entries.map { ("\(row.customerID) \($0.currency)", $0.amount) }
        }
        #expect(Dictionary(uniqueKeysWithValues: imported) == net)
        let skus = try store.skus().flatMap { row in row.totals.revenue.entries.map { ("\(row.sku) \($0.currency)", $0.amount) } }
        #expect(Dictionary(uniqueKeysWithValues: skus) == revenue)
        var days: [String: Int128] = [:]
        for row in try store.revenue() {
            if row.totals.gross > 0 { days["\(row.key.date) \(row.key.currency)"] = row.totals.gross }
            if row.totals.refunded > 0 {
                days["\(row.key.date) \(row.key.currency) refunded"] = row.totals.refunded
                #expect(row.totals.net == -row.totals.refunded)
            }
        }
        #expect(days == gross)

        let imports = try store.readModelBytes()
        let whole = try ReplayCore(store: store, threads: 1).replay(collectingNames: true).makeReadModels()
        let events = Int(try store.headSeq())
        for eventsPerEpoch in [4_001, events] {
            for threads in [2, 3] {
                let split = try ReplayCore(store: store, threads: threads, eventsPerEpoch: eventsPerEpoch).replay(
                    collectingNames: true)
                #expect(split.problems.isEmpty)
                #expect(split.makeReadModels() == whole, "\(threads) threads, epochs of \(eventsPerEpoch) events")
            }
        }
        let verified = try Verifier(store: store, eventsPerEpoch: 4_001).verify()
        #expect(verified.isConsistent, "\(verified.differences.prefix(3))")
        for database in ["customers", "skus", "revenue"] { try StoreFixture.clear(database: database, at: path) }
        let emptied = try LedgerStore(path: path, durable: false)
        _ = try Rebuilder(store: emptied, rowsPerNestedTransaction: 300, eventsPerEpoch: 4_001).rebuild()
        #expect(try emptied.readModelBytes() == imports)
    }
}
