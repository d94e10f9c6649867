public import Foundation
import PostgresNIO

/// Where the mirror writes: `postgres://USER[:PASSWORD]@HOST[:PORT]/DB` (also `postgresql://`),
/// with an optional `?sslmode=disable|require` (disable unless given). `PGPASSWORD` supplies a
/// password the address leaves out, so that it need not appear in a process list.
public struct PostgresAddress: Sendable, CustomStringConvertible {
    public let host: String
    public let port: Int
    public let user: String
    public let password: String?
    public let database: String
    public let requiresTLS: Bool

    /// Parses `text`; the error says what is wrong and what a valid address looks like.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(MirrorError) {
        let shape = "use postgres://USER@HOST:PORT/DB"
        guard let components = URLComponents(string: text), let scheme = components.scheme,
            scheme == "postgres" || scheme == "postgresql"
        else { throw MirrorError.usage("--to \(text) is not a PostgreSQL address; \(shape)") }
        guard let user = components.user, !user.isEmpty else {
            throw MirrorError.usage("--to \(text) names no user; \(shape)")
        }
        guard let host = components.host, !host.isEmpty else {
            throw MirrorError.usage("--to \(text) names no host; \(shape)")
        }
        let database = String(components.path.dropFirst())
        guard !database.isEmpty, !database.contains("/") else {
            throw MirrorError.usage("--to \(text) names no database; \(shape)")
        }
        var requiresTLS = false
        for item in components.queryItems ?? [] {
            switch (item.name, item.value) {
            case ("sslmode", "disable"): requiresTLS = false
            case ("sslmode", "require"): requiresTLS = true
            default:
                throw MirrorError.usage(
                    "--to \(text): unknown parameter \(item.name)=\(item.value ?? ""); only sslmode=disable|require is understood"
                )
            }
        }
        self.host = host
        self.port = components.port ?? 5432
        self.user = user
        self.password = components.password ?? environment["PGPASSWORD"]
        self.database = database
        self.requiresTLS = requiresTLS
    }

    /// The address without its password, for messages.
    public var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }

    /// postgres-nio's settings for this address.
    func configuration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            requiresTLS ? .require(try NIOSSLContext(configuration: .makeClientConfiguration())) : .disable
        return PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
    }
}
