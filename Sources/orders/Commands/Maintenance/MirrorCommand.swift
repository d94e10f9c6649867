import ArgumentParser
import FoundationEssentials
import Glibc

/// `orders mirror --to postgres://USER@HOST:PORT/DB [--follow]`: runs `orders-mirror`, which is
/// built apart (the `Mirror` package) so that the embedded CLI never builds PostgreSQL's client.
/// The program is looked for beside this executable, then on `PATH`; it replaces this process.
struct MirrorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mirror",
        abstract: "Copy the ledger into PostgreSQL and keep its read models there.",
        discussion: """
            Needs orders-mirror beside orders or on PATH: swift build -c release --package-path Mirror \
            (README, "Beyond one machine").

            Examples:
              orders mirror --to postgres://ledger@db:5432/orders
              PGPASSWORD=secret orders mirror --to postgres://ledger@db:5432/orders --follow
            """)

    @OptionGroup var storeOptions: StoreOptions

    @Option(
        name: .long,
        help: ArgumentHelp("The database: postgres://USER@HOST:PORT/DB (password from PGPASSWORD).", valueName: "URL"))
    var to: String

    @Flag(name: .long, help: "Keep mirroring as imports commit, until Ctrl-C.")
    var follow = false

    @Option(name: .long, help: ArgumentHelp("Events per PostgreSQL transaction.", valueName: "N"))
    var eventsPerCommit: Int?

    /// The program that does the work.
    static let programName = "orders-mirror"

    func run() throws {
        guard let program = Self.locateProgram() else {
            throw CommandFailure(
                "orders mirror needs the \(Self.programName) program, which is built apart: run "
                    + "`swift build -c release --package-path Mirror` and put Mirror/.build/release/\(Self.programName) "
                    + "beside orders or on PATH",
                exitStatus: 1)
        }
        var arguments = [Self.programName, "--store", storeOptions.path, "--to", to]
        if follow { arguments.append("--follow") }
        if let eventsPerCommit { arguments += ["--events-per-commit", String(eventsPerCommit)] }
        fflush(nil)
        let cArguments = arguments.map { strdup($0) } + [nil]
        execv(program, cArguments)
        throw CommandFailure("cannot run \(program): \(String(cString: strerror(errno)))", exitStatus: 1)
    }

    /// `orders-mirror` beside the running executable, else the first on `PATH`.
    static func locateProgram() -> String? {
        var candidates: [String] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(PathText.deletingLastComponent(of: executable) + "/" + programName)
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        candidates += path.split(separator: ":").map { "\($0)/\(programName)" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
