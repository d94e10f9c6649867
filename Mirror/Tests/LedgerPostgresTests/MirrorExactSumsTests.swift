import Foundation
import Testing

/// Sums past 64 bits (SPEC §10) mirrored: the mirror's money columns are `numeric`, so SQL over it
/// prints every digit the CLI prints, and the digest it holds proves the store's history.
@Suite(.serialized)
struct MirrorExactSumsTests {
    /// The largest order total: one line of 1,000 units at 10^12.
    static let total = "1000000000000000"

    /// `orders` orders of the largest total for one customer, day and sku; the first three
    /// quarters paid (day one). Then the last quarter cancelled (day one), and the first quarter
    /// shipped and refunded in full (day two). With 40,000 orders the sums reach 4 × 10^19 and
    /// -10^19, past 64 bits both ways (the batch of the root package's `ExactSumsTests`).
    static func batches(_ scene: MirrorScene, orders: Int) -> (first: String, second: String) {
        var first = "type,order_id,customer_id,currency,lines,amount,at\n"
        var second = first
        for order in 1...orders { first += "place,O-\(order),C-big,EUR,S-big*1000@1000000000000,,2026-03-01T10:00:00Z\n" }
        for order in 1...orders * 3 / 4 { first += "pay,O-\(order),,,,\(total),2026-03-01T11:00:00Z\n" }
        for order in orders * 3 / 4 + 1...orders { second += "cancel,O-\(order),,,,,2026-03-01T12:00:00Z\n" }
        for order in 1...orders / 4 {
            second += "ship,O-\(order),,,,,2026-03-02T09:00:00Z\n"
            second += "refund,O-\(order),,,,\(total),2026-03-02T10:00:00Z\n"
        }
        return (scene.file("first.csv", first), scene.file("second.csv", second))
    }

    /// `orders revenue|customers|skus --format csv`, from the mirror's rows (in long form: a row per
    /// customer or sku and currency, as the command line writes them).
    static let csvQueries: [(query: String, sql: String)] = [
        (
            "revenue",
            """
            SELECT 'date,currency,orders_placed,orders_cancelled,gross,captured,refunded,net' || E'\\r\\n'
                || string_agg(to_char(date, 'YYYY-MM-DD') || ',' || currency || ',' || orders_placed || ',' || orders_cancelled
                    || ',' || gross || ',' || captured || ',' || refunded || ',' || net || E'\\r\\n', '' ORDER BY date, currency COLLATE "C")
            FROM revenue
            """
        ),
        (
            "customers",
            """
            SELECT 'customer_id,orders,open_orders,cancelled,currency,net' || E'\\r\\n'
                || string_agg(c.customer_id || ',' || c.orders || ',' || c.open_orders || ',' || c.cancelled
                    || ',' || n.currency || ',' || n.net::text || E'\\r\\n', ''
                    ORDER BY c.customer_id COLLATE "C", n.currency COLLATE "C")
            FROM customers c JOIN customer_net n ON n.customer_id = c.customer_id
            """
        ),
        (
            "skus",
            """
            SELECT 'sku,units_ordered,units_cancelled,currency,revenue' || E'\\r\\n'
                || string_agg(s.sku || ',' || s.units_ordered || ',' || s.units_cancelled
                    || ',' || r.currency || ',' || r.revenue::text || E'\\r\\n', ''
                    ORDER BY s.sku COLLATE "C", r.currency COLLATE "C")
            FROM skus s JOIN sku_revenue r ON r.sku = s.sku
            """
        ),
    ]

    @Test func sumsPast64BitsAreMirroredToTheLastDigitAndTheDigestProvesTheHistory() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let address = try await scene.cluster.createDatabase("ledger")
        let (first, second) = Self.batches(scene, orders: 40_000)
        try scene.importBatch(first)
        let copied = try scene.mirror(into: address, eventsPerCommit: 25_000)
        #expect(copied.status == 0, "\(copied.standardError)")
        try await scene.expectSameAnswers(address)
        let held = try #require(try await scene.mirrorDigest(address))
        #expect(try held == scene.statsDigest())

        // The import after the mirror's checkpoint leaves the history up to it as it was.
        try scene.importBatch(second)
        let proved = try scene.verify(expecting: held)
        #expect(proved.status == 0, "\(proved.standardError)")
        let resumed = try scene.mirror(into: address, eventsPerCommit: 25_000)
        #expect(resumed.status == 0, "\(resumed.standardError)")
        try await scene.expectEvents(upTo: try scene.headSeq(), in: address)
        try await scene.expectSameAnswers(address)
        let revenue = try scene.cliText(["revenue"])
        #expect(revenue.contains(#""gross":40000000000000000000,"captured":30000000000000000000"#))
        #expect(revenue.contains(#""refunded":10000000000000000000,"net":-10000000000000000000}"#))
        for csv in Self.csvQueries {
            let sql = try await PostgresSession.with(address) { session in try await session.text(csv.sql) }
            #expect(try sql == scene.cliText([csv.query], format: "csv"), "orders \(csv.query) --format csv differs")
        }

        let digest = try #require(try await scene.mirrorDigest(address))
        #expect(try digest == scene.statsDigest())
        let again = try scene.verify(expecting: digest)
        #expect(again.status == 0, "\(again.standardError)")
    }
}
