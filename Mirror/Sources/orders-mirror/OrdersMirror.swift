import ArgumentParser
import Foundation
import LedgerPostgres
import LedgerStore
import LedgerStoreWords
import ProcessControl

/// `orders-mirror` (also run as `orders mirror`): copies a store's ledger into PostgreSQL.
/// Exit status: 0 done (or stopped by Ctrl-C while following), 1 a store or database error,
/// 2 a usage error, 130/143 interrupted before the log's head was reached.
@main
struct OrdersMirror: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders mirror",
        abstract: "Copy the ledger into PostgreSQL and keep its read models there.",
        discussion: """
            Tables: events, event_lines, orders, customers, customer_net, revenue, skus, sku_revenue, stats and \
            mirror_checkpoint (README, "Beyond one machine"). A run continues after the database's checkpoint; \
            a database that holds another ledger is refused.
            """)

    @Option(name: .long, help: ArgumentHelp("The store directory.", discussion: "Default: $ORDERS_STORE.", valueName: "DIR"))
    var store: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The database: postgres://USER@HOST:PORT/DB (password from PGPASSWORD).", valueName: "URL"))
    var to: String

    @Flag(name: .long, help: "Keep mirroring as imports commit, until Ctrl-C.")
    var follow = false

    @Option(name: .long, help: ArgumentHelp("Events per PostgreSQL transaction.", valueName: "N"))
    var eventsPerCommit = MirrorOptions().eventsPerCommit

    /// Parses and runs with the exit statuses above: a usage error exits 2 with one line (ArgumentParser's own
    /// `main` would exit 64 with several), as `orders`'s do.
    static func main() async {
        let command: OrdersMirror
        do {
            command = try parse()
        } catch {
            guard exitCode(for: error) != .success else {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let lines = message(for: error).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            FileHandle.standardError.write(
                Data("orders mirror: error: \(lines.joined(separator: " ")) (see orders mirror --help)\n".utf8))
            Foundation.exit(2)
        }
        do {
            try await command.run()
        } catch {
            command.fail("the mirror stopped: \(error)", 1)
        }
    }

    func validate() throws {
        if let problem = MirrorFaults.problem { throw ValidationError(problem) }
        guard eventsPerCommit > 0 else { throw ValidationError("--events-per-commit must be at least 1") }
        guard storePath != nil else { throw ValidationError("name the store: --store DIR (or set ORDERS_STORE)") }
        do { _ = try PostgresAddress(to) } catch { throw ValidationError(error.description) }
    }

    private var storePath: String? {
        if let store { return store }
        let fromEnvironment = ProcessInfo.processInfo.environment["ORDERS_STORE"]
        return fromEnvironment?.isEmpty == false ? fromEnvironment : nil
    }

    func run() async throws {
        let address = try PostgresAddress(to)
        let path = storePath ?? ""
        // The first SIGINT or SIGTERM stops the mirror after the transaction in progress (a following mirror ends
        // this way); a second ends the process at once, PostgreSQL abandons the open transaction, and the next run
        // continues after the last commit.
        InterruptSignals.install()
        do {
            let mirror = LedgerMirror(log: try LedgerStore(path: path, readOnly: true), address: address)
            let follow = follow
            let report = try await mirror.run(
                MirrorOptions(eventsPerCommit: eventsPerCommit, follow: follow), shouldStop: InterruptSignals.shouldStop
            ) { report in
                guard follow else { return }
                print("mirrored up to seq \(report.seq) into \(address)")
                fflush(nil)
            }
            if follow {
                print("stopped following: \(address) holds the ledger up to seq \(report.seq)")
            } else if report.seq == report.startSeq {
                print("\(address) already holds the ledger up to seq \(report.seq); nothing to mirror")
            } else {
                let count = report.seq - report.startSeq
                print(
                    "mirrored seq \(report.startSeq + 1)–\(report.seq) (\(count) events in \(report.commits) "
                        + "transaction\(report.commits == 1 ? "" : "s")) into \(address)"
                )
            }
            guard fflush(nil) == 0 else { fail("cannot write standard output: \(String(cString: strerror(errno)))", 1) }
            if InterruptSignals.shouldStop(), !follow {
                fail(
                    "interrupted: \(address) holds the ledger up to seq \(report.seq); run the mirror again to continue",
                    InterruptSignals.exitStatus)
            }
        } catch let error as MirrorError {
            if case .usage = error { fail(error.description, 2) }
            fail(error.description, 1)
        } catch let error as StoreError {
            fail(error.description, 1)
        } catch {
            fail("the mirror stopped: \(error)", 1)
        }
    }

    private func fail(_ message: String, _ status: Int32) -> Never {
        fflush(nil)
        FileHandle.standardError.write(Data("orders mirror: error: \(message)\n".utf8))
        Foundation.exit(status)
    }
}
