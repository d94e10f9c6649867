import ArgumentParser
import LedgerViewModels

/// `orders show ID`.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one order: its totals, lines and history.",
        discussion: """
            An id that starts with - goes after --.

            Examples:
              orders show O-1001
              orders show --format json O-1001
              orders show -- -odd-id
            """
    )

    @OptionGroup var options: QueryOptions

    @Argument(help: "The order id.")
    var orderID: String

    func run() throws {
        let store = try options.openRepository()
        try MainActor.assumeIsolated {
            let viewModel = OrderDetailViewModel(repository: store, orderID: orderID)
            viewModel.load()
            try present(viewModel.state) {
                OrderDetailView.render($0, format: options.format, style: options.outputOptions.style)
            }
        }
    }
}
