import ArgumentParser
import LedgerServices
import LedgerViewModels

/// `orders blame ID`.
struct BlameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blame",
        abstract: "Show where each event of one order came from: file, line, batch and command id.",
        discussion: """
            One row per event of the order, in seq order: seq, version, type, at, the file and \
            line of the record that made it, the first 8 hex digits of its batch's SHA-256, and \
            its command id. Only the order's own events are read. Events imported before the \
            store kept provenance show none. An id that starts with - goes after --.

            Examples:
              orders blame O-1001
              orders blame O-1001 --format json
              orders blame --as-of 2026-03-01T12:00:00Z O-1001
            """
    )

    @OptionGroup var options: QueryOptions

    @Argument(help: "The order id.")
    var orderID: String

    func run() throws {
        let provenance = try StoreOpener.provenance(path: options.storeOptions.path)
        let entries = try StoreOpener.reading { try provenance.blame(orderID, asOf: options.asOfOption.moment) }
        guard let entries else { throw CommandFailure(OrderNotFound(orderID: orderID.terminalSafe).description, exitStatus: 1) }
        try OutputBuffer.write(BlameView.render(entries, format: options.format))
    }
}
