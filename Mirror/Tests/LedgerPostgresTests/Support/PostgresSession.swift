import Foundation
import LedgerPostgres
import PostgresNIO

/// A connection for a test to look into the mirror with SQL.
struct PostgresSession {
    let connection: PostgresConnection
    private static let logger = Logger(label: "orders.mirror.tests")

    /// Connects to `address`, runs `body` and closes the connection.
    static func with<R>(_ address: String, _ body: (PostgresSession) async throws -> R) async throws -> R {
        let parsed = try PostgresAddress(address)
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: parsed.host, port: parsed.port, username: parsed.user, password: nil, database: parsed.database,
                tls: .disable),
            id: 1, logger: logger)
        do {
            let result = try await body(PostgresSession(connection: connection))
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Runs `sql` and returns its rows.
    func rows(_ sql: String) async throws -> [PostgresRow] {
        try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Self.logger).collect()
    }

    /// The first column of the first row, as text.
    func text(_ sql: String) async throws -> String {
        guard let row = try await rows(sql).first else { throw ClusterError("no row from \(sql)") }
        return try row.decode(String.self)
    }

    /// The first column of the first row, as an integer.
    func integer(_ sql: String) async throws -> Int64 {
        guard let row = try await rows(sql).first else { throw ClusterError("no row from \(sql)") }
        return try row.decode(Int64.self)
    }
}
