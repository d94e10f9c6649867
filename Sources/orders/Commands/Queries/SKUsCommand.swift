import ArgumentParser
import LedgerViewModels

/// `orders skus`.
struct SKUsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skus",
        abstract: "Units and revenue per sku.",
        discussion: """
            revenue is Σ qty × unit_price over orders not cancelled, per currency (CSV: one row per \
            sku and currency, columns sku, units_ordered, units_cancelled, currency, revenue).

            Examples:
              orders skus
              orders skus --top 10
              orders skus --top 10 --format json    # says on standard error how many were left out
              orders skus --top 10 --chart          # net units as bars
            """
    )

    @OptionGroup var options: QueryOptions

    @Option(help: "Only the N skus with the most units ordered and not cancelled (0: all, ranked).")
    var top: Int?

    @Flag(help: "Draw net units as bars, one per sku (tables only).")
    var chart = false

    func validate() throws {
        if chart, options.format != .table {
            throw ValidationError("--chart draws for people; it goes with --format table, not \(options.format.rawValue)")
        }
        if let top, top < 0 { throw ValidationError("--top \(top) is negative; give 0 (all, ranked) or a count") }
    }

    func run() throws {
        let store = try StoreOpener.queries(options)
        try MainActor.assumeIsolated {
            // Every sku ranked, then cut here: the rows left out are counted, and said to be left out.
            let viewModel = SKUsViewModel(repository: store, top: top.map { _ in 0 })
            viewModel.load()
            try present(viewModel.state) { ranked in
                let shown = top.flatMap { $0 == 0 ? nil : Array(ranked.prefix($0)) } ?? ranked
                let cut = CutNotice(shown: shown.count, total: ranked.count, noun: "skus", lift: "--top 0")
                if options.format != .table { cut.writeNote() }
                return chart
                    ? SKUsView.chart(shown, cut: cut, style: options.outputOptions.style)
                    : SKUsView.render(shown, format: options.format, cut: cut)
            }
        }
    }
}
