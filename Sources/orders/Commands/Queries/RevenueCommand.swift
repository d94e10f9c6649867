import ArgumentParser
import LedgerDomain
import LedgerViewModels

/// `orders revenue`.
struct RevenueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revenue",
        abstract: "Revenue per UTC day, week or month and currency.",
        discussion: """
            gross is the total of the orders placed that day; captured the payments; refunded the \
            refunds and cancel refunds; net = captured − refunded. A day appears when it has a \
            placed, paid, cancelled or refunded event. With --by week or --by month, rows sum the \
            days of each period, and date is the period's first day (an ISO week starts on Monday); \
            --from and --to still pick days. --chart draws net as a horizontal bar per row, scaled \
            to the largest of its currency, in the currency's colour where colour is on.

            Examples:
              orders revenue
              orders revenue --from 2026-03-01 --to 2026-03-31 --format json
              orders revenue --by month --chart
              orders revenue --by week --format csv
            """
    )

    @OptionGroup var options: QueryOptions

    @Option(help: ArgumentHelp("The first date, inclusive.", valueName: "YYYY-MM-DD"))
    var from: String?

    @Option(help: ArgumentHelp("The last date, inclusive.", valueName: "YYYY-MM-DD"))
    var to: String?

    @Option(help: "Sum the rows per day, week (from Monday) or month.")
    var by: RevenuePeriodOption = .day

    @Flag(help: "Draw net as bars, one per row (tables only).")
    var chart = false

    func validate() throws {
        try ListCommand.validateDates(from: from, to: to)
        if chart, options.format != .table {
            throw ValidationError("--chart draws for people; it goes with --format table, not \(options.format.rawValue)")
        }
    }

    func run() throws {
        let store = try StoreOpener.queries(options)
        try MainActor.assumeIsolated {
            let viewModel = RevenueViewModel(
                repository: store, from: from.flatMap(CalendarDate.init), to: to.flatMap(CalendarDate.init),
                period: by.period)
            viewModel.load()
            try present(viewModel.state) { rows in
                chart
                    ? RevenueView.chart(rows, style: options.outputOptions.style)
                    : RevenueView.render(rows, format: options.format)
            }
        }
    }
}
