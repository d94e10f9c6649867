import ArgumentParser
import LedgerDomain
import LedgerServices
import LedgerViewModels

/// `orders list`.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List orders, sorted by order id.",
        discussion: """
            Examples:
              orders list
              orders list --status shipped --limit 0
              orders list --customer C-ada --format json
            """
    )

    @OptionGroup var options: QueryOptions

    @Option(help: "Only orders in this status: placed, partially_paid, paid, shipped, delivered, cancelled.")
    var status: String?

    @Option(help: "Only this customer's orders.")
    var customer: String?

    @Option(help: "At most this many orders (0: all).")
    var limit = 100

    func validate() throws {
        if let status, OrderStatus(word: status) == nil {
            throw ValidationError("unknown status \(status); use placed, partially_paid, paid, shipped, delivered or cancelled")
        }
        guard limit >= 0 else { throw ValidationError("--limit must be 0 (all) or more") }
    }

    func run() throws {
        let store = try options.openRepository()
        try MainActor.assumeIsolated {
            let filter = OrderFilter(status: status.flatMap(OrderStatus.init(word:)), customer: customer, limit: limit)
            let viewModel = OrderListViewModel(repository: store, filter: filter)
            viewModel.load()
            try present(viewModel.state) { OrderListView.render($0, format: options.format, style: .standardOutput) }
        }
    }
}
