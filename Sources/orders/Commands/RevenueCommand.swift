import ArgumentParser
import LedgerDomain
import LedgerViewModels

/// `orders revenue`.
struct RevenueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revenue",
        abstract: "Revenue per UTC date and currency.",
        discussion: """
            gross is the total of the orders placed that day; captured the payments; refunded the \
            refunds and cancel refunds; net = captured − refunded. A day appears when it has a \
            placed, paid, cancelled or refunded event.

            Examples:
              orders revenue
              orders revenue --from 2026-03-01 --to 2026-03-31 --format json
            """
    )

    @OptionGroup var options: QueryOptions

    @Option(help: ArgumentHelp("The first date, inclusive.", valueName: "YYYY-MM-DD"))
    var from: String?

    @Option(help: ArgumentHelp("The last date, inclusive.", valueName: "YYYY-MM-DD"))
    var to: String?

    func validate() throws { try ListCommand.validateDates(from: from, to: to) }

    func run() throws {
        let store = try options.openRepository()
        try MainActor.assumeIsolated {
            let viewModel = RevenueViewModel(
                repository: store, from: from.flatMap(CalendarDate.init), to: to.flatMap(CalendarDate.init))
            viewModel.load()
            try present(viewModel.state) { RevenueView.render($0, format: options.format) }
        }
    }
}
