import BatchGenerator
import LedgerDomain
import LedgerPresentation
import LedgerServices
import LedgerStore
import TestSupport
import Testing

@testable import orders

/// `orders diff` writes the orders it touched one by one as it renders them: on a generated store
/// with long ids and ten currencies, over a range that touches every order (their ids read in one
/// walk of the id dictionary) and over one that touches a few (looked up one by one), what it
/// prints is byte for byte the whole answer rendered at once, as tables, CSV and JSON objects
/// are rendered elsewhere.
struct DiffOutputTests {
    let directory = TemporaryDirectory()

    @Test func aDiffWrittenOrderByOrderIsTheWholeAnswerRenderedAtOnce() throws {
        let settings = GeneratorSettings(
            orders: 3_000, seed: 7, currencies: 10, idLengths: 6...64, longOrderShare: 0.01, maxLines: 40, spread: 0.5)
        let store = try GeneratedStore.make(in: directory, settings, chunkSize: 700)
        let head = try store.headSeq()
        for from in [0, head / 2, head - 30] {
            let change = try store.diff(from: .seq(from), to: nil)
            #expect(change.orders.count > 1)
            let ids = change.orders.map(\.orderID)
            #expect(ids == ids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "sorted in byte order")
            for format in QueryFormat.allCases {
                let output = try OrdersBinary.run(
                    ["diff", "--from", "\(from)", "--format", format.rawValue, "--store", directory.path + "/store"])
                #expect(output.status == 0, "\(output.standardError)")
                #expect(output.standardOutput == Self.rendered(change, format), "--from \(from) --format \(format)")
            }
        }
    }

    /// The answer rendered as one string: `DiffJSON.render` (the server's), a CSV row of `CSVText`,
    /// a row of a `TextTableRenderer` table.
    static func rendered(_ change: LedgerChange, _ format: QueryFormat) -> String {
        switch format {
        case .json:
            // What the server answers for /api/diff, made in one string.
            return DiffJSON.render(change)
        case .csv:
            return CSVText.render(
                header: DiffView.csvHeader,
                rows: change.orders.map { order in
                    [
                        order.orderID, order.statusBefore?.description ?? "", order.statusAfter.description,
                        "\(order.events)", "\(order.paid)", "\(order.refunded)",
                    ]
                })
        case .table:
            let rows = change.orders.map { order in
                [
                    order.orderID, order.statusBefore?.description ?? "(new)", order.statusAfter.description,
                    "\(order.events)", MoneyText.money(order.paid, order.currency),
                    MoneyText.money(order.refunded, order.currency),
                ]
            }
            let orders = TextTableRenderer.render(
                header: ["ORDER", "BEFORE", "AFTER", "EVENTS", "PAID", "REFUNDED"], rows: rows, rightAligned: [3, 4, 5])
            return DiffView.summary(change, touched: change.orders.count) + "\n" + orders
        }
    }
}
