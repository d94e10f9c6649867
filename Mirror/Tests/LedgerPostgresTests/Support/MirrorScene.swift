import BatchGenerator
import Foundation
import LedgerDomain
import Testing

/// A temporary directory with a store, batches and a PostgreSQL cluster, for one test.
final class MirrorScene: Sendable {
    let directory: String
    let cluster: PostgresCluster

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("orders-mirror-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        cluster = try PostgresCluster()
    }

    func destroy() {
        cluster.destroy()
        try? FileManager.default.removeItem(atPath: directory)
    }

    var store: String { directory + "/store" }

    /// Writes a generated batch (with `badShare` of bad records) and returns its path.
    func batch(_ name: String, orders: Int, seed: UInt64, badShare: Double = 0.15) -> String {
        var generator = BatchGenerator(settings: GeneratorSettings(orders: orders, seed: seed, badShare: badShare))
        var text = ""
        _ = generator.generate { text += $0 + "\n" }
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Writes `text` to file `name` in the directory and returns its path.
    func file(_ name: String, _ text: String) -> String {
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Imports `batch` into the store with the real `orders` (exit 0 or 1: some records rejected).
    func importBatch(_ batch: String, store: String? = nil) throws {
        let output = try Programs.run(Programs.orders, ["import", "--store", store ?? self.store, batch])
        #expect(output.status <= 1 && !output.killedBySignal, "import: \(output.standardError)")
    }

    /// Runs `orders-mirror` into `address`.
    @discardableResult
    func mirror(
        into address: String, store: String? = nil, eventsPerCommit: Int = 97, fault: String? = nil, extra: [String] = []
    ) throws -> Programs.Output {
        try Programs.run(
            Programs.mirror,
            ["--store", store ?? self.store, "--to", address, "--events-per-commit", String(eventsPerCommit)] + extra,
            environment: fault.map { ["ORDERS_MIRROR_FAULT": $0] } ?? [:])
    }

    /// The store's head seq, from `orders stats`.
    func headSeq(store: String? = nil) throws -> Int64 {
        let stats = try cliJSON(["stats"], store: store) as? [String: Any]
        return (stats?["head_seq"] as? NSNumber)?.int64Value ?? -1
    }

    /// `orders ARGUMENTS --format FORMAT`, as it prints it.
    func cliText(_ arguments: [String], format: String = "json", store: String? = nil) throws -> String {
        let output = try Programs.run(Programs.orders, arguments + ["--store", store ?? self.store, "--format", format])
        guard output.status == 0 else { throw ClusterError("orders \(arguments): \(output.standardError)") }
        return output.standardOutput
    }

    /// `orders ARGUMENTS --format json`, parsed.
    func cliJSON(_ arguments: [String], store: String? = nil) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try cliText(arguments, store: store).utf8), options: [.fragmentsAllowed])
    }

    /// The history's digest at the store's head as `orders stats` shows it, written `HEX@SEQ`.
    func statsDigest(store: String? = nil) throws -> String {
        let stats = try cliJSON(["stats"], store: store) as? [String: Any]
        guard let chain = stats?["chain"] as? [String: Any], let seq = chain["seq"] as? NSNumber,
            let digest = chain["digest"] as? String
        else { throw ClusterError("orders stats shows no chain") }
        return "\(digest)@\(seq.uint64Value)"
    }

    /// Expects every CLI query's JSON to be, byte for byte, what its SQL prints over the mirror at
    /// `address` with `psql -At` (the value, then a newline).
    func expectSameAnswers(_ address: String) async throws {
        try await PostgresSession.with(address) { session in
            for query in CLIQueries.all {
                let sql = try await session.text(query.sql) + "\n"
                #expect(
                    try sql == cliText(query.arguments), "orders \(query.arguments.joined(separator: " ")) differs from its SQL")
            }
        }
    }

    /// The mirror's digest at its checkpoint as `Mirror/queries/digest.sql` prints it (`nil`: no row).
    func mirrorDigest(_ address: String) async throws -> String? {
        try await PostgresSession.with(address) { session in
            try await session.rows(CLIQueries.file("digest")).first?.decode(String.self)
        }
    }

    /// Runs `orders verify --expect DIGEST` on the store.
    func verify(expecting digest: String, store: String? = nil) throws -> Programs.Output {
        try Programs.run(Programs.orders, ["verify", "--store", store ?? self.store, "--expect", digest])
    }

    /// Expects the mirror to hold each event of the store up to `seq` exactly once, its checkpoint at `seq`, and
    /// every key and index (a run that reaches the log's head adds those a first copy goes without).
    func expectEvents(upTo seq: Int64, in address: String) async throws {
        try await PostgresSession.with(address) { session in
            let counts = try await session.rows(
                "SELECT count(*), count(DISTINCT seq), coalesce(max(seq), 0), (SELECT seq FROM mirror_checkpoint) FROM events"
            )
            let (count, distinct, maximum, checkpoint) = try counts[0].decode((Int64, Int64, Int64, Int64).self)
            #expect(count == seq && distinct == seq && maximum == seq && checkpoint == seq)
            let keys = try await session.text(
                """
                SELECT string_agg(conrelid::regclass || ' ' || contype::text, ', ' ORDER BY conrelid::regclass::text, contype)
                    || ', ' || coalesce(to_regclass('orders_by_customer')::text, 'no orders_by_customer')
                FROM pg_constraint WHERE connamespace = 'public'::regnamespace
                """)
            #expect(
                keys
                    == "customer_net p, customers p, event_lines f, event_lines p, events p, events u, orders p, revenue p, "
                    + "sku_revenue p, skus p, orders_by_customer")
        }
    }
}
