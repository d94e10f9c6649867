import Foundation
import Testing

/// A mirror made before money sums were `numeric` and before it kept the history's digest: a run
/// widens its sum columns in place and adopts the store's digest once its sampled events match.
@Suite(.serialized)
struct MirrorUpgradeTests {
    /// Turns a mirror back into one of the older schema: `bigint` sums, no digest, the stats row
    /// with the hash chain's columns.
    static let olderSchema = [
        "ALTER TABLE customer_net ALTER COLUMN net TYPE bigint",
        """
        ALTER TABLE revenue ALTER COLUMN gross TYPE bigint, ALTER COLUMN captured TYPE bigint,
            ALTER COLUMN refunded TYPE bigint, ALTER COLUMN net TYPE bigint
        """,
        "ALTER TABLE sku_revenue ALTER COLUMN revenue TYPE bigint",
        "ALTER TABLE mirror_checkpoint DROP COLUMN digest",
        "ALTER TABLE stats ADD COLUMN chain_seq bigint, ADD COLUMN chain_digest text",
    ]

    /// The type of every money sum column.
    static let sumColumns = """
        SELECT string_agg(attrelid::regclass || '.' || attname || ' ' || format_type(atttypid, atttypmod), ', '
            ORDER BY attrelid::regclass::text, attname)
        FROM pg_attribute WHERE attrelid IN ('customer_net'::regclass, 'revenue'::regclass, 'sku_revenue'::regclass)
            AND attname IN ('net', 'gross', 'captured', 'refunded', 'revenue')
        """
    /// Each table's file: a rewrite (an `ALTER COLUMN … TYPE` that changes the type) gives it a new one.
    static let tableFiles = """
        SELECT string_agg(relname || ' ' || relfilenode, ', ' ORDER BY relname) FROM pg_class
        WHERE relname IN ('customer_net', 'revenue', 'sku_revenue', 'mirror_checkpoint', 'stats')
        """

    @Test func aMirrorWithBigintSumsAndNoDigestIsWidenedOnceAndAdoptsTheStoresDigest() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let address = try await scene.cluster.createDatabase("ledger")
        try scene.importBatch(scene.batch("small.csv", orders: 60, seed: 7))
        #expect(try scene.mirror(into: address).status == 0)
        try await PostgresSession.with(address) { session in
            for statement in Self.olderSchema { _ = try await session.rows(statement) }
        }

        let upgraded = try scene.mirror(into: address)
        #expect(upgraded.status == 0, "\(upgraded.standardError)")
        #expect(upgraded.standardOutput.hasSuffix("; nothing to mirror\n"))
        let (types, files, chainColumns) = try await PostgresSession.with(address) { session in
            (
                try await session.text(Self.sumColumns), try await session.text(Self.tableFiles),
                try await session.integer(
                    "SELECT count(*) FROM pg_attribute WHERE attrelid = 'stats'::regclass AND attname LIKE 'chain%'")
            )
        }
        #expect(
            types
                == "customer_net.net numeric, revenue.captured numeric, revenue.gross numeric, revenue.net numeric, "
                + "revenue.refunded numeric, sku_revenue.revenue numeric")
        #expect(chainColumns == 0)
        let adopted = try #require(try await scene.mirrorDigest(address))
        #expect(try adopted == scene.statsDigest())
        try await scene.expectSameAnswers(address)

        // Sums past 2^63, which the bigint columns could not hold, and a run after that rewrites no table.
        let (first, second) = MirrorExactSumsTests.batches(scene, orders: 20_000)
        try scene.importBatch(first)
        try scene.importBatch(second)
        let widened = try scene.mirror(into: address, eventsPerCommit: 10_000)
        #expect(widened.status == 0, "\(widened.standardError)")
        try await scene.expectEvents(upTo: try scene.headSeq(), in: address)
        try await scene.expectSameAnswers(address)
        #expect(try await scene.mirrorDigest(address) == scene.statsDigest())
        #expect(try scene.mirror(into: address).status == 0)
        #expect(try await PostgresSession.with(address) { session in try await session.text(Self.tableFiles) } == files)
    }
}
