import ArgumentParser
import FoundationEssentials
import Glibc
import LedgerServices
import LedgerStore
import LedgerViewModels
import ProcessControl

/// `orders events`: the log itself.
struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Print the event log in seq order (or one order's events).",
        discussion: """
            One row per event: seq, order_id, version, type, at, and what the event carries \
            (customer_id, currency, total and lines for placed; amount for paid and refunded; refund \
            and reason for cancelled; carrier for shipped). Events are written as they are read, in \
            constant memory. When --limit leaves events out, the table's last line says how many \
            there are, and json, jsonl and csv say it on standard error. With --follow, events that other processes commit later are printed \
            as they arrive (the head seq is checked ten times a second) until Ctrl-C or a closed pipe.

            Examples:
              orders events --limit 20
              orders events --order O-1001
              orders events --from 5000 --to 5999 --format csv
              orders events --format jsonl > events.jsonl
              orders events --follow --format jsonl | jq .
            """
    )

    /// How long `--follow` waits between looks at the head seq.
    static let pollInterval: useconds_t = 100_000

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "table for people; json, jsonl or csv for programs.")
    var format: ListingFormat = .table

    @Option(help: ArgumentHelp("Start at this seq.", valueName: "SEQ"))
    var from: UInt64 = 1

    @Option(help: ArgumentHelp("Stop after this seq.", valueName: "SEQ"))
    var to: UInt64?

    @Option(help: ArgumentHelp("Only this order's events.", valueName: "ID"), completion: StoredIDCompletion.orders)
    var order: String?

    @Option(help: "At most this many events (0: all).")
    var limit = 0

    @Flag(help: "Keep printing events as they are committed, until Ctrl-C or a closed pipe.")
    var follow = false

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit \(limit) is negative; give 0 (all) or a count") }
        guard from >= 1 else { throw ValidationError("--from must be 1 or more (seqs start at 1)") }
        if let to, to < from { throw ValidationError("--to \(to) is before --from \(from)") }
        if follow, to != nil { throw ValidationError("--follow and --to exclude each other: --follow never stops at a seq") }
        if follow, let order, !ListCommand.isIdentifier(order) {
            throw ValidationError(
                "--order '\(order.terminalSafe)' is not an order id (1–64 characters from A–Z a–z 0–9 . _ : -), "
                    + "so --follow would wait for it forever")
        }
    }

    func run() throws {
        let store = try StoreOpener.openForReading(path: storeOptions.path)
        if follow { InterruptSignals.install() }
        let wanted = limit == 0 ? Int.max : limit
        let through = to ?? .max
        var listing = ListingWriter(format: format, csvHeader: EventsView.csvHeader)
        var widths: [Int] = []
        var printed = 0
        var matched = 0
        let currency = format == .table
        // The first look: what the log holds now, in one snapshot.
        var last: UInt64 = try StoreOpener.reading {
            try store.snapshot { snapshot in
                let head = try snapshot.headSeq()
                widths = EventsView.tableWidths(head: head)
                let add = { (row: EventRow) throws in
                    if format == .table, printed == 0 { try listing.line(EventsView.tableHeaderLine(widths: widths)) }
                    try EventsView.add(row, to: &listing, widths: widths)
                    printed += 1
                }
                if let order {
                    let found = try snapshot.forEachEvent(
                        ofOrder: order, from: from, through: through, limit: wanted, currency: currency, add)
                    if !found, !follow {
                        throw CommandFailure(OrderNotFound(orderID: order.terminalSafe).description, exitStatus: 1)
                    }
                    if printed == wanted, !follow {
                        matched = 0
                        _ = try snapshot.forEachEvent(ofOrder: order, from: from, through: through) { _ in matched += 1 }
                    }
                } else {
                    try snapshot.forEachEvent(from: from, through: through, limit: wanted, currency: currency, add)
                    // The log's seqs run from 1 to its head without a gap.
                    if printed == wanted { matched = Int(min(through, head) - from + 1) }
                }
                return max(head, from - 1)
            }
        }
        guard follow else {
            let cut = CutNotice(shown: printed, total: max(printed, matched), noun: "events", lift: "--limit 0")
            if format == .table {
                if printed == 0 { try listing.line("No events match.") }
                if cut.cuts { try listing.line(cut.tableLine) }
                return try listing.finish()
            }
            try listing.finish()
            return cut.writeNote()
        }
        if format == .table, printed == 0 { try listing.line(EventsView.tableHeaderLine(widths: widths)) }
        try listing.flush()
        while printed < wanted, !InterruptSignals.shouldStop() {
            let head = try StoreOpener.reading { try store.headSeq() }
            guard head > last else {
                if Terminal.standardOutputReaderIsGone { Terminal.endForClosedPipe() }
                usleep(Self.pollInterval)
                continue
            }
            try StoreOpener.reading {
                try store.snapshot { snapshot in
                    let limit = order == nil ? wanted - printed : .max
                    try snapshot.forEachEvent(from: last + 1, through: head, limit: limit, currency: currency) { row in
                        if let order, row.orderID != order || printed == wanted { return }
                        try EventsView.add(row, to: &listing, widths: widths)
                        printed += 1
                    }
                }
            }
            last = head
            try listing.flush()
        }
        try listing.finish(flush: true)
        if InterruptSignals.shouldStop() { throw ExitCode(InterruptSignals.exitStatus) }
    }
}
