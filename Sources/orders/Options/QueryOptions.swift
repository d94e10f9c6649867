import ArgumentParser
import LedgerStore

/// `--store` and `--format`, shared by every query.
struct QueryOptions: ParsableArguments {
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var outputOptions: OutputOptions

    @Option(name: .long, help: "table for people, json or csv for programs.")
    var format: QueryFormat = .table

    /// Opens the store read-only (queries never write); a missing store exits 1.
    func openStore() throws -> LedgerStore { try storeOptions.openForReading() }
}
