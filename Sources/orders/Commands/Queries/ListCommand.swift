import ArgumentParser
import LedgerDomain
import LedgerServices
import LedgerViewModels

/// `orders list`.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List orders, sorted by order id (or --sort).",
        discussion: """
            Rows are written as they are read, so --limit 0 lists any number of orders in constant \
            memory (--sort holds the matching orders in memory to sort them). When --limit leaves \
            orders out, the table's last line says how many there are (`100 of 5,200 orders`), and \
            json, jsonl and csv say it on standard error.

            Examples:
              orders list
              orders list --status shipped --limit 0
              orders list --status paid,shipped --customer C-ada --format json
              orders list --from 2026-03-01 --to 2026-03-31 --sort -total --limit 10
              orders list --limit 0 --format jsonl > orders.jsonl
            """
    )

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var asOfOption: AsOfOption

    @Option(name: .long, help: "table for people; json, jsonl or csv for programs.")
    var format: ListingFormat = .table

    @Option(
        help: ArgumentHelp(
            "Only orders in these statuses: repeat --status or join them with commas (paid,shipped).",
            valueName: "status"))
    var status: [OrderStatusList] = []

    @Option(help: "Only this customer's orders.", completion: StoredIDCompletion.customers)
    var customer: String?

    @Option(help: ArgumentHelp("Only orders placed on or after this UTC date.", valueName: "YYYY-MM-DD"))
    var from: String?

    @Option(help: ArgumentHelp("Only orders placed on or before this UTC date.", valueName: "YYYY-MM-DD"))
    var to: String?

    @Option(
        help: ArgumentHelp(
            "Sort by placed_at, updated_at or total (minor units); a leading - sorts descending (-total).",
            valueName: "key"))
    var sort: String?

    @Option(help: "At most this many orders (0: all).")
    var limit = 100

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit \(limit) is negative; give 0 (all) or a count") }
        try Self.validateDates(from: from, to: to)
        if let sort, OrderSort(sort) == nil {
            throw ValidationError(
                "--sort \(sort.terminalSafe) is not a sort key; use placed_at, updated_at or total (- before it: descending)")
        }
        if let customer, !Self.isIdentifier(customer) {
            throw ValidationError(
                "--customer '\(customer.terminalSafe)' is not a customer id: 1–64 characters from A–Z a–z 0–9 . _ : -")
        }
    }

    /// Checks `--from` and `--to` (dates `YYYY-MM-DD`, the first not after the last).
    static func validateDates(from: String?, to: String?) throws {
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, CalendarDate(value) == nil {
                throw ValidationError("\(name) \(value.terminalSafe) is not a date YYYY-MM-DD")
            }
        }
        if let from, let to, let first = CalendarDate(from), let last = CalendarDate(to), last < first {
            throw ValidationError("--to \(to) is before --from \(from)")
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
        let filter = OrderFilter(
            statuses: Set(status.flatMap(\.statuses)), customer: customer, placedFrom: from.flatMap(CalendarDate.init),
            placedTo: to.flatMap(CalendarDate.init), sort: sort.flatMap(OrderSort.init), limit: limit)
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
