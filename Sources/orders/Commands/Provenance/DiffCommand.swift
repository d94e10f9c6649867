import ArgumentParser
import LedgerServices

/// `orders diff --from A [--to B]`.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two seqs or two times: events, money, orders touched.",
        discussion: """
            The events in range are those with A < seq ≤ B, or A < at ≤ B for times; without \
            --to the range runs to the log's head. Counts per event type, the money moved per \
            currency (as revenue counts it), and every order touched with its status before and \
            after and what it paid and refunded. Answered from the log, as --as-of is. The csv \
            format lists the orders touched.

            Examples:
              orders diff --from 1200
              orders diff --from 2026-03-01T00:00:00Z --to 2026-03-02T00:00:00Z
              orders diff --from 1200 --to 1300 --format json
            """
    )

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var outputOptions: OutputOptions

    @Option(name: .long, help: "table for people, json or csv for programs.")
    var format: QueryFormat = .table

    @Option(help: ArgumentHelp("Start after this seq or RFC 3339 time.", valueName: "seq|time"))
    var from: String

    @Option(help: ArgumentHelp("End at this seq or time (default: the log's head).", valueName: "seq|time"))
    var to: String?

    func validate() throws {
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, AsOf(value) == nil {
                throw ValidationError(
                    "\(name) \(value.terminalSafe) is neither a seq nor an RFC 3339 time (e.g. 2026-03-01T10:15:00Z)")
            }
        }
    }

    func run() throws {
        guard let start = AsOf(from) else { throw ValidationError("--from is neither a seq nor a time") }
        let provenance = try StoreOpener.provenance(path: storeOptions.path)
        do {
            // The orders are written as they are read from the store's snapshot.
            try StoreOpener.reading {
                try provenance.diff(from: start, to: to.flatMap(AsOf.init)) { change, orders in
                    try DiffView.write(change, orders, format: format, to: OutputBuffer())
                }
            }
        } catch let error as DiffRangeError {
            throw CommandFailure(error.message, exitStatus: 2)
        }
    }
}
