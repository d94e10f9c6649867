import ArgumentParser
import LedgerServices
import LedgerStore
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
              orders show --as-of 2026-03-01T12:00:00Z O-1001   # as it stood then
            """
    )

    @OptionGroup var options: QueryOptions

    @Argument(help: "The order id.", completion: StoredIDCompletion.orders)
    var orderID: String

    func run() throws {
        let repository = try StoreOpener.queries(options)
        do {
            try Self.show(orderID, in: repository, format: options.format, color: options.outputOptions.color)
        } catch let failure as CommandFailure {
            guard let asOf = options.asOfOption.asOf, try repository.order(orderID) == nil,
                let placed = try StoreOpener.openForReading(path: options.storeOptions.path).order(orderID)?.history.first
            else { throw failure }
            // The order is in the store, only not yet at that moment.
            throw CommandFailure(
                "order \(orderID.terminalSafe) did not exist yet as of \(asOf.terminalSafe): it was placed at seq "
                    + "\(placed.seq) (\(placed.at)); orders show \(orderID.terminalSafe) shows it now", exitStatus: 1)
        }
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
