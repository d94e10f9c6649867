import ArgumentParser
import LedgerViewModels

/// `orders customers`.
struct CustomersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "customers",
        abstract: "List customers with their orders and net captured money per currency.",
        discussion: """
            net is captured − refunded, per currency of the customer's orders. CSV has one row per \
            customer and currency (columns customer_id, orders, open_orders, cancelled, currency, net). \
            orders customer ID shows one customer's statement.

            Examples:
              orders customers
              orders customers --format csv > customers.csv
            """
    )

    @OptionGroup var options: QueryOptions

    func run() throws {
        let store = try StoreOpener.queries(options)
        try MainActor.assumeIsolated {
            let viewModel = CustomersViewModel(repository: store)
            viewModel.load()
            try present(viewModel.state, writing: { try CustomersView.write($0, format: options.format) })
        }
    }
}
