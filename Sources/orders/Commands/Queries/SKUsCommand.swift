import ArgumentParser
import LedgerViewModels

/// `orders skus`.
struct SKUsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skus",
        abstract: "Units and revenue per sku.",
        discussion: """
            revenue is Σ qty × unit_price over orders not cancelled, per currency (a column \
            revenue_CUR in CSV).

            Examples:
              orders skus
              orders skus --top 10
            """
    )

    @OptionGroup var options: QueryOptions

    @Option(help: "Only the N skus with the most units ordered and not cancelled (0: all, ranked).")
    var top: Int?

    func validate() throws {
        if let top, top < 0 { throw ValidationError("--top must be 0 (all) or more") }
    }

    func run() throws {
        let store = try StoreOpener.queries(options)
        try MainActor.assumeIsolated {
            let viewModel = SKUsViewModel(repository: store, top: top)
            viewModel.load()
            try present(viewModel.state) { SKUsView.render($0, format: options.format) }
        }
    }
}
