import ArgumentParser
import LedgerServices

/// `orders customer ID`: one customer's statement.
struct CustomerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "customer",
        abstract: "One customer's statement: money per currency, orders by status, recent orders.",
        discussion: """
            total is the sum of the orders' totals, paid what was captured, refunded the refunds \
            and cancel refunds, net = paid − refunded (as in orders customers), per currency. Recent \
            orders are the latest placed. CSV has one row per currency; JSON also carries \
            by_status (all six statuses) and recent (list objects).

            Examples:
              orders customer C-ada
              orders customer C-ada --recent 0
              orders customer C-ada --format json
              orders customer C-ada --as-of 2026-03-31T23:59:59Z
            """
    )

    @OptionGroup var options: QueryOptions

    @Option(help: "Show this many of the latest placed orders (0: all).")
    var recent = 10

    @Argument(help: "The customer id.", completion: StoredIDCompletion.customers)
    var customerID: String

    func validate() throws {
        guard recent >= 0 else { throw ValidationError("--recent \(recent) is negative; give 0 (all) or a count") }
    }

    func run() throws {
        let repository = try StoreOpener.queries(options)
        let statement: CustomerStatement?
        do {
            statement = try repository.statement(ofCustomer: customerID, recent: recent == 0 ? .max : recent)
        } catch {
            throw CommandFailure("\(error)", exitStatus: 1)
        }
        guard let statement else {
            throw CommandFailure(
                "no customer \(customerID.terminalSafe) in this store; orders customers lists the ids there are", exitStatus: 1)
        }
        try OutputBuffer.write(
            CustomerStatementView.render(statement, format: options.format, style: options.outputOptions.style))
    }
}
