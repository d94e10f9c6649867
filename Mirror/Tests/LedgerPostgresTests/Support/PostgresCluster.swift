import Foundation
import LedgerPostgres
import PostgresNIO

/// A throwaway PostgreSQL 15 cluster on 127.0.0.1 for one test (Debian's `initdb` and `pg_ctl` in
/// a temporary directory, a free port). PostgreSQL refuses to run as root, so when the tests run as
/// root the cluster runs as the `postgres` user (`runuser`).
final class PostgresCluster: Sendable {
    /// Where Debian keeps PostgreSQL 15's server programs (`PG_BIN` overrides it).
    static let binaries = ProcessInfo.processInfo.environment["PG_BIN"] ?? "/usr/lib/postgresql/15/bin"

    let directory: String
    let port: Int
    /// The superuser `initdb` makes (trust authentication on loopback).
    let user = "mirror"

    /// Starts a cluster with `settings` (`name=value`) added to the server's command line.
    init(settings: [String] = []) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binaries + "/initdb") else {
            throw ClusterError("no PostgreSQL 15 at \(Self.binaries); install Debian's postgresql-15 (tools/bootstrap.sh does)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("orders-pg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if geteuid() == 0 {
            guard let account = getpwnam("postgres") else { throw ClusterError("running as root needs a postgres user") }
            chown(directory, account.pointee.pw_uid, account.pointee.pw_gid)
        }
        port = try Self.freePort()
        try Self.asServerUser(
            "initdb", ["-D", directory + "/data", "-U", user, "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"])
        try start(settings: settings)
    }

    /// Starts (or restarts) the server.
    func start(settings: [String] = []) throws {
        let options =
            ["-p \(port)", "-k \(directory)", "-c listen_addresses=127.0.0.1", "-c fsync=off"]
            + settings.map { "-c \($0)" }
        try Self.asServerUser(
            "pg_ctl",
            ["-D", directory + "/data", "-l", directory + "/server.log", "-w", "-o", options.joined(separator: " "), "start"])
    }

    /// Stops the server at once and removes its files.
    func destroy() {
        _ = try? Self.asServerUser("pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The address of database `name` on this cluster.
    func address(_ name: String) -> String { "postgres://\(user)@127.0.0.1:\(port)/\(name)" }

    /// Creates database `name` and returns its address.
    func createDatabase(_ name: String) async throws -> String {
        try await PostgresSession.with(address("postgres")) { session in
            _ = try await session.rows("CREATE DATABASE \(name)")
        }
        return address(name)
    }

    /// Runs one of PostgreSQL's programs as a user it accepts; throws with its output when it fails.
    static func asServerUser(_ program: String, _ arguments: [String]) throws {
        let path = binaries + "/" + program
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("orders-pg-output-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let outcome =
            geteuid() == 0
            ? try DaemonLauncher.run("/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments, outputFile: log)
            : try DaemonLauncher.run(path, arguments, outputFile: log)
        guard outcome.status == 0, !outcome.killedBySignal else {
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw ClusterError("\(program) failed (\(outcome.status)): \(output)")
        }
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ClusterError("socket: \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        guard bound else { throw ClusterError("bind: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Why a test cluster could not be set up.
struct ClusterError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
