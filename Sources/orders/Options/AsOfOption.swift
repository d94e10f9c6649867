import ArgumentParser
import LedgerDomain
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
            if Self.isTimeOutsideTheLedgersYears(asOf) {
                throw ValidationError(
                    "--as-of \(asOf.terminalSafe) is a time outside the years 1970–9999 that the ledger keeps; "
                        + "give one from 1970-01-01T00:00:00Z on")
            }
            throw ValidationError(
                "--as-of \(asOf.terminalSafe) is neither a seq nor an RFC 3339 time (e.g. 2026-03-01T10:15:00Z)")
        }
    }

    /// Whether `text` is an RFC 3339 time that only its instant (or its written year) puts outside
    /// 1970–9999: the same text with a year inside that range, as leap as its own, parses.
    static func isTimeOutsideTheLedgersYears(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count > 4, bytes[..<4].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let year = Int(String(decoding: bytes[..<4], as: UTF8.self))
        else { return false }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return Timestamp(String(decoding: Array((isLeap ? "2000" : "2001").utf8) + bytes[4...], as: UTF8.self)) != nil
    }
}
