import BatchGenerator
import LedgerDomain
import LedgerServices
import LedgerStore
import TestSupport
import Testing

/// The incrementally maintained read models against a reference computed independently from the
/// log with plain dictionaries, straight from SPEC §6's definitions.
struct ReadModelQueryTests {
    let directory = TemporaryDirectory()

    struct Reference {
        var customers: [String: (orders: Int64, open: Int64, cancelled: Int64, net: [String: Int128])] = [:]
        var revenue: [String: [Int128]] = [:]  // "date currency" → placed, cancelled, gross, captured, refunded
        var skus: [String: (ordered: Int64, cancelled: Int64, revenue: [String: Int128])] = [:]
        var statuses: [String: Int64] = [:]
    }

    func reference(_ store: LedgerStore) throws -> Reference {
        var reference = Reference()
        var orders: [OrderNumber: (customer: String, currency: String, lines: [(String, Int64, Int64)], status: String)] = [:]
        for logged in try store.events() {
            let event = logged.event
            let date = CalendarDate(day: event.at.day).description
            if event.kind == .placed {
                let lines = try event.lines.map { (try store.sku($0.sku)!, Int64($0.quantity), $0.unitPrice) }
                orders[event.order] = (try store.customerID(event.customer)!, event.currency.description, lines, "placed")
            }
            let order = orders[event.order]!
            let key = "\(date) \(order.currency)"
            var row = reference.revenue[key] ?? [0, 0, 0, 0, 0]
            var customer = reference.customers[order.customer] ?? (0, 0, 0, [:])
            switch event.kind {
            case .placed:
                customer.orders += 1
                customer.open += 1
                customer.net[order.currency, default: 0] += 0
                row[0] += 1
                row[2] += Int128(order.lines.reduce(0) { $0 + $1.1 * $1.2 })
                for (sku, quantity, price) in order.lines {
                    var entry = reference.skus[sku] ?? (0, 0, [:])
                    entry.ordered += quantity
                    entry.revenue[order.currency, default: 0] += Int128(quantity * price)
                    reference.skus[sku] = entry
                }
            case .paid:
                customer.net[order.currency, default: 0] += Int128(event.amount)
                row[3] += Int128(event.amount)
            case .cancelled:
                customer.cancelled += 1
                customer.open -= 1
                customer.net[order.currency, default: 0] -= Int128(event.amount)
                row[1] += 1
                row[4] += Int128(event.amount)
                for (sku, quantity, price) in order.lines {
                    reference.skus[sku]!.cancelled += quantity
                    reference.skus[sku]!.revenue[order.currency]! -= Int128(quantity * price)
                }
            case .refunded:
                customer.net[order.currency, default: 0] -= Int128(event.amount)
                row[4] += Int128(event.amount)
            case .delivered:
                customer.open -= 1
            case .shipped:
                break
            }
            reference.customers[order.customer] = customer
            if event.kind != .shipped && event.kind != .delivered { reference.revenue[key] = row }
        }
        for order in try store.orders(OrderFilter(limit: 0)) {
            reference.statuses[order.state.status.description, default: 0] += 1
        }
        return reference
    }

    @Test(arguments: [7, 1_000])
    func readModelsEqualAnIndependentReference(chunkSize: Int) throws {
        var lines: [String] = []
        var generator = BatchGenerator(
            settings: GeneratorSettings(orders: 1_500, seed: 9, badShare: 0.2, customers: 60, skus: 40))
        _ = generator.generate { lines.append($0) }
        let path = directory.file("batch.csv", lines.joined(separator: "\n") + "\n")
        let store = try LedgerStore(path: directory.path + "/store-\(chunkSize)", durable: false)
        _ = try Importer(store: store).importFile(path, options: ImportOptions(chunkSize: chunkSize))
        let expected = try reference(store)

        let customers = try store.customers()
        #expect(customers.map(\.customerID) == expected.customers.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        for row in customers {
            let want = expected.customers[row.customerID]!
            #expect(
                row.totals.orders == want.orders && row.totals.openOrders == want.open && row.totals.cancelled == want.cancelled)
            #expect(
                Dictionary(uniqueKeysWithValues: row.totals.net.entries.map { ($0.currency.description, $0.amount) }) == want.net)
        }
        let revenue = try store.revenue()
        #expect(revenue.map { "\($0.key.date) \($0.key.currency)" } == expected.revenue.keys.sorted())
        for row in revenue {
            let totals = row.totals
            #expect(
                [Int128(totals.ordersPlaced), Int128(totals.ordersCancelled), totals.gross, totals.captured, totals.refunded]
                    == expected.revenue["\(row.key.date) \(row.key.currency)"]!)
        }
        let skus = try store.skus()
        #expect(skus.map(\.sku) == expected.skus.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        for row in skus {
            let want = expected.skus[row.sku]!
            #expect(row.totals.unitsOrdered == want.ordered && row.totals.unitsCancelled == want.cancelled)
            #expect(
                Dictionary(uniqueKeysWithValues: row.totals.revenue.entries.map { ($0.currency.description, $0.amount) })
                    == want.revenue)
        }
        let stats = try store.statistics()
        for status in OrderStatus.allCases {
            #expect(stats.byStatus[status] == expected.statuses[status.description, default: 0])
        }
        #expect(stats.customers == expected.customers.count && stats.skus == expected.skus.count)
        #expect(stats.checkpoints.values.allSatisfy { $0 == stats.headSeq })
    }

    @Test func listByCustomerEqualsFilteringTheFullList() throws {
        var lines: [String] = []
        var generator = BatchGenerator(settings: GeneratorSettings(orders: 400, seed: 3, customers: 20))
        _ = generator.generate { lines.append($0) }
        let store = try LedgerStore(path: directory.path + "/store", durable: false)
        _ = try Importer(store: store).importFile(directory.file("b.csv", lines.joined(separator: "\n") + "\n"))
        let all = try store.orders(OrderFilter(limit: 0))
        for customer in ["C-0", "C-7", "C-19"] {
            #expect(try store.orders(OrderFilter(customer: customer, limit: 0)) == all.filter { $0.customerID == customer })
        }
        for status in OrderStatus.allCases {
            #expect(try store.orders(OrderFilter(statuses: [status], limit: 0)) == all.filter { $0.state.status == status })
        }
    }
}
