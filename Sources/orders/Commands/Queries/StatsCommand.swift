import ArgumentParser
import LedgerViewModels

/// `orders stats`.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Counts of events, orders, customers and skus; orders by status; read model checkpoints.",
        discussion: """
            Examples:
              orders stats
              orders stats --format json
            """
    )

    @OptionGroup var options: QueryOptions

    func run() throws {
        let store = try StoreOpener.queries(options)
        try MainActor.assumeIsolated {
            let viewModel = StatsViewModel(repository: store)
            viewModel.load()
            try present(viewModel.state) { StatsView.render($0, format: options.format) }
        }
    }
}
