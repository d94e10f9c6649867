import ArgumentParser

/// `--store`, `--format` and `--as-of`, shared by every query.
struct QueryOptions: ParsableArguments {
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var outputOptions: OutputOptions

    @Option(name: .long, help: "table for people, json or csv for programs.")
    var format: QueryFormat = .table

    @OptionGroup var asOfOption: AsOfOption
}
