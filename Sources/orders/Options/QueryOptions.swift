import ArgumentParser
import LedgerServices
import LedgerStore

/// `--store`, `--format` and `--as-of`, shared by every query.
struct QueryOptions: ParsableArguments {
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var outputOptions: OutputOptions

    @Option(name: .long, help: "table for people, json or csv for programs.")
    var format: QueryFormat = .table

    @OptionGroup var asOfOption: AsOfOption

    /// Opens the store read-only (queries never write); a missing store exits 1.
    func openStore() throws -> LedgerStore { try storeOptions.openForReading() }

    /// What the query reads: the stored read models (with a note if they lag the log), or the log
    /// replayed `--as-of` a past moment.
    func openRepository() throws -> any LedgerQuerying {
        let store = try openStore()
        guard let moment = asOfOption.moment else {
            LagNotice.write(for: store)
            return store
        }
        return AsOfLedger(store: store, asOf: moment)
    }
}
