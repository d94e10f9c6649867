import ArgumentParser
import LedgerServices

/// `--as-of`, shared by every query: answer as of a past seq or time.
struct AsOfOption: ParsableArguments {
    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp(
            "Answer as of a past moment: a seq (the log up to it) or an RFC 3339 time (the events at or before it).",
            discussion: "Replays the log into memory; the stored read models are not used.", valueName: "seq|time"))
    var asOf: String?

    /// The moment asked for, if any (`validate` has checked that it parses).
    var moment: AsOf? { asOf.flatMap(AsOf.init) }

    func validate() throws {
        if let asOf, AsOf(asOf) == nil {
            throw ValidationError(
                "--as-of \(asOf.terminalSafe) is neither a seq nor an RFC 3339 time (e.g. 2026-03-01T10:15:00Z)")
        }
    }
}
