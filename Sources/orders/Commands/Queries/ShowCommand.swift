import ArgumentParser
import LedgerServices
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
        let repository = try StoreOpener.queries(options)
        try Self.show(orderID, in: repository, format: options.format, color: options.outputOptions.color)
    }

    /// Prints the order `orderID` of `repository` in `format`; a missing order is one line, exit 1.
    static func show(_ orderID: String, in repository: any LedgerQuerying, format: QueryFormat, color: ColorChoice) throws {
        try MainActor.assumeIsolated {
            let viewModel = OrderDetailViewModel(repository: repository, orderID: orderID)
            viewModel.load()
            try present(viewModel.state) {
                OrderDetailView.render($0, format: format, style: OutputOptions.style(color))
            }
        }
    }
}
