import ArgumentParser
import LedgerServices

/// `orders batches`.
struct BatchesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batches",
        abstract: "List every batch the store holds, in the order they were first committed.",
        discussion: """
            One row per batch: its SHA-256, the file its import was given, the format, the counts \
            of its import's summary, its seqs, whether it finished, and when it was last committed. \
            A continuation counts only the records after the batch it continues. The accepted \
            counts add up to stats' events. A file already imported, an --atomic import rolled \
            back and a file error add no row.

            Examples:
              orders batches
              orders batches --format json
            """
    )

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var outputOptions: OutputOptions

    @Option(name: .long, help: "table for people, json or csv for programs.")
    var format: QueryFormat = .table

    func run() throws {
        let provenance = try StoreOpener.provenance(path: storeOptions.path)
        let rows = try StoreOpener.reading { try provenance.batches() }
        try OutputBuffer.write(BatchesView.render(rows, format: format))
    }
}
