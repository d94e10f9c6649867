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
            Rows are written as they are read, so --limit 0 lists any number of orders in constant memory.

            Examples:
              orders list
              orders list --status shipped --limit 0
              orders list --customer C-ada --format json
              orders list --limit 0 --format jsonl > orders.jsonl
            """
    )

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var asOfOption: AsOfOption

    @Option(name: .long, help: "table for people; json, jsonl or csv for programs.")
    var format: ListingFormat = .table

    @Option(help: "Only orders in this status.")
    var status: OrderStatusOption?

    @Option(help: "Only this customer's orders.")
    var customer: String?

    @Option(help: "At most this many orders (0: all).")
    var limit = 100

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 (all) or more") }
        if let customer, !Self.isIdentifier(customer) {
            throw ValidationError(
                "--customer '\(customer.terminalSafe)' is not a customer id: 1–64 characters from A–Z a–z 0–9 . _ : -")
        }
    }

    /// Whether `text` is an id as SPEC §2 has it (no other can be in the store).
    static func isIdentifier(_ text: String) -> Bool {
        var text = text
        // Safe: the bytes are read only inside the closure that lends them.
        return text.withUTF8 { Identifier.isValid(UnsafeRawBufferPointer($0)) }
    }

    func run() throws {
        let repository = try StoreOpener.queries(path: storeOptions.path, asOf: asOfOption.moment)
        let filter = OrderFilter(status: status?.status, customer: customer, limit: limit)
        let style = outputOptions.style
        try MainActor.assumeIsolated {
            let viewModel = OrderListViewModel(repository: repository, filter: filter)
            try StoreOpener.reading {
                try viewModel.withOrders { forEachOrder in
                    try OrderListView.write(forEachOrder, format: format, style: style)
                }
            }
        }
    }
}
