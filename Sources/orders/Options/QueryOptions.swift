import ArgumentParser
import LedgerServices
import LedgerStore

/// `--store`, `--format` and `--as-of`, shared by every query.
struct QueryOptions: ParsableArguments {
    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "table for people, json or csv for programs.")
    var format: QueryFormat = .table

    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp(
            "Answer as of a past moment: a seq (the log up to it) or an RFC 3339 time (the events at or before it).",
            discussion: "Replays the log into memory; the stored read models are not used.", valueName: "seq|time"))
    var asOf: String?

    func validate() throws {
        if let asOf, AsOf(asOf) == nil {
            throw ValidationError(
                "--as-of \(asOf.terminalSafe) is neither a seq nor an RFC 3339 time (e.g. 2026-03-01T10:15:00Z)")
        }
    }

    /// Opens the store read-only (queries never write); a missing store exits 1.
    func openStore() throws -> LedgerStore {
        do {
            return try LedgerStore(path: storeOptions.path, readOnly: true)
        } catch {
            throw CommandFailure("\(error)", exitStatus: 1)
        }
    }

    /// What the query reads: the stored read models, or the log replayed `--as-of` a past moment.
    func openRepository() throws -> any LedgerQuerying {
        let store = try openStore()
        guard let moment = asOf.flatMap(AsOf.init) else { return store }
        return AsOfLedger(store: store, asOf: moment)
    }
}
