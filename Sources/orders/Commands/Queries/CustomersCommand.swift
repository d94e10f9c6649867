import ArgumentParser
import LedgerViewModels

/// `orders customers`.
struct CustomersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "customers",
        abstract: "List customers with their orders and net captured money per currency.",
        discussion: """
            net is captured − refunded, per currency of the customer's orders. In CSV each currency \
            is a column net_CUR (empty where the customer has no order in it).

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
