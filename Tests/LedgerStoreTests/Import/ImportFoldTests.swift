import Foundation
import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// The import records what each event changes in the read models (`ReadModelChanges`) and folds
/// the changes on a thread of its own (`ReadModelFoldingThread`): each change is folded once, in order, with
/// its own lines, and a row the fold cannot read ends the import with its error, after which the
/// store still verifies once an import catches up.
struct ImportFoldTests {
    let directory = TemporaryDirectory()
    var storePath: String { directory.path + "/store" }
    static let header = "type,order_id,customer_id,currency,lines,amount,at,command_id\n"

    @Test func eachChangeIsFoldedOnceInOrderWithItsOwnLinesAfterItWasLookedAtAhead() {
        let service = OrderService()
        let at = Timestamp(milliseconds: 3 * 86_400_000 + 5)
        let lines = [
            EventLine(sku: SKUNumber(1), quantity: 2, unitPrice: 100), EventLine(sku: SKUNumber(2), quantity: 1, unitPrice: 500),
        ]
        let placed = OrderEvent(
            kind: .placed, order: OrderNumber(0), version: 1, at: at, amount: 700, customer: CustomerNumber(4),
            currency: Currency("EUR")!, lines: lines)
        let other = OrderEvent(
            kind: .placed, order: OrderNumber(1), version: 1, at: at, amount: 300, customer: CustomerNumber(5),
            currency: Currency("SEK")!, lines: [EventLine(sku: SKUNumber(3), quantity: 3, unitPrice: 100)])
        let paid = OrderEvent(kind: .paid, order: OrderNumber(0), version: 2, at: at, amount: 700)
        let cancelled = OrderEvent(kind: .cancelled, order: OrderNumber(0), version: 3, at: at, amount: 700)
        let afterPlaced = service.evolve(nil, placed)
        let afterPaid = service.evolve(afterPlaced, paid)
        var changes = ReadModelChanges()
        changes.record(placed, before: nil, after: afterPlaced, placedLines: lines)
        changes.record(other, before: nil, after: service.evolve(nil, other), placedLines: other.lines)
        changes.record(paid, before: afterPlaced, after: afterPaid, placedLines: [])
        changes.record(cancelled, before: afterPaid, after: service.evolve(afterPaid, cancelled), placedLines: lines)
        #expect(changes.count == 4)

        var lookedAt: [EventKind] = []
        var aheadLines: [[SKUNumber]] = []
        var folded: [ReadModelChange] = []
        var foldedLines: [[SKUNumber]] = []
        changes.forEach(prefetching: 2) { change, lines in
            lookedAt.append(change.kind)
            aheadLines.append(lines.map(\.sku))
        } _: { change, lines in
            // The change and the two after it were looked at first, each once.
            #expect(lookedAt.count == min(folded.count + 3, 4))
            folded.append(change)
            foldedLines.append(lines.map(\.sku))
        }
        let skus = { (numbers: [UInt32]) in numbers.map(SKUNumber.init) }
        #expect(lookedAt == [.placed, .placed, .paid, .cancelled])
        #expect(folded.map(\.kind) == [.placed, .placed, .paid, .cancelled])
        #expect(foldedLines == [skus([1, 2]), skus([3]), [], skus([1, 2])])
        #expect(aheadLines == foldedLines)
        #expect(folded.map(\.customer) == [4, 5, 4, 4].map(CustomerNumber.init))
        #expect(folded.map(\.currency) == ["EUR", "SEK", "EUR", "EUR"].map { Currency($0)! })
        #expect(folded.map(\.day) == [3, 3, 3, 3])
        #expect(folded.map(\.amount) == [700, 300, 700, 700])
        #expect(folded.map(\.before) == [nil, nil, .placed, .paid])
        #expect(folded.map(\.after) == [.placed, .placed, .paid, .cancelled])
    }

    /// Customers and a sku met in more currencies than a row holds inline (`ReplayRows.denseSlots`),
    /// over two imports (the second reads the first's rows from the store, and meets new
    /// currencies and old ones), keep every amount, as summed from the batches themselves.
    @Test func rowsInMoreCurrenciesThanARowHoldsInlineAreImportedWholeAndReadBackByTheNextImport() throws {
        let store = try LedgerStore(path: storePath, durable: false)
        let letters = (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) }
        let codes = (0..<(ReplayRows.denseSlots + 8)).map { "Q" + letters[$0 / 26] + letters[$0 % 26] }
        // Captured less refunded, by customer and currency; the sku's revenue by currency.
        var net: [String: [String: Int128]] = [:]
        var revenue: [String: Int128] = [:]
        func batch(_ orders: Range<Int>, currency: (Int) -> Int) -> String {
            var text = Self.header
            for order in orders {
                // C-0 meets most of the currencies, past the inline ones.
                let customer = "C-\(order % 5 == 0 ? 1 : 0)", code = codes[currency(order)], price = 1_000 + order
                text += "place,O-\(order),\(customer),\(code),A*2@\(price),,2026-03-01T10:00:00Z,\n"
                text += "pay,O-\(order),,,,\(2 * price),2026-03-01T11:00:00Z,\n"
                net[customer, default: [:]][code, default: 0] += Int128(2 * price)
                revenue[code, default: 0] += Int128(2 * price)
            }
            return text
        }
        let half = ReplayRows.denseSlots + 2
        _ = try Importer(store: store).importFile(directory.file("first.csv", batch(0..<half) { $0 }))
        let second = batch(half..<(2 * half)) { ($0 * 7) % codes.count }
        _ = try Importer(store: store).importFile(directory.file("second.csv", second))
        #expect(revenue.count > ReplayRows.denseSlots + 2 && net["C-0"]!.count > ReplayRows.denseSlots)
        func byCode(_ amounts: CurrencyAmounts) -> [String: Int128] {
            Dictionary(uniqueKeysWithValues: amounts.entries.map { ($0.currency.description, $0.amount) })
        }
        let customers = try store.customers()
        #expect(customers.map(\.customerID) == ["C-0", "C-1"])
        for customer in customers { #expect(byCode(customer.totals.net) == net[customer.customerID]) }
        #expect(try store.skus().map { byCode($0.totals.revenue) } == [revenue])
        #expect(try Verifier(store: store).verify().isConsistent)
    }

    /// A store whose first customer's row holds a count no fold can add to.
    func storeWithADamagedCustomerRow() throws -> String {
        let store = try LedgerStore(path: storePath, durable: false)
        let first = directory.file("first.csv", Self.header + "place,O-1,C-1,EUR,A*1@100,,2026-03-01T10:00:00Z,\n")
        _ = try Importer(store: store).importFile(first)
        var value = try StoreFixture.entries(database: "customers", at: storePath)[0].value
        for index in 0..<8 { value[index] = index == 7 ? 0x7F : 0xFF }
        try StoreFixture.put(value, key: [0, 0, 0, 0], database: "customers", at: storePath)
        var records = ""
        for order in 2...9 { records += "place,O-\(order),C-\(order % 2),EUR,A*1@100,,2026-03-01T10:0\(order):00Z,\n" }
        return directory.file("second.csv", Self.header + records)
    }

    @Test func aRowTheFoldCannotReadEndsTheImportWithItsErrorAndTheNextImportCatchesUpAndFinishes() throws {
        let second = try storeWithADamagedCustomerRow()
        let store = try LedgerStore(path: storePath, durable: false)
        #expect(throws: Self.overflow) { try Importer(store: store).importFile(second, options: ImportOptions(chunkSize: 2)) }
        // The first chunk is written before its fold can fail: the log holds it, and the read
        // models still stand where the first import left them.
        #expect(try store.headSeq() >= 3)
        #expect(try store.statistics().orders == 1)
        // The next import first rebuilds the read models that lag (the damaged row with them).
        _ = try Importer(store: store).importFile(second, options: ImportOptions(chunkSize: 2))
        try Self.expectNineOrdersThatVerify(store)
    }

    @Test func aRowTheFoldCannotReadEndsAnAtomicImportWithNothingWrittenAndARebuildRepairsIt() throws {
        let second = try storeWithADamagedCustomerRow()
        let store = try LedgerStore(path: storePath, durable: false)
        #expect(throws: Self.overflow) { try Importer(store: store).importFile(second, options: ImportOptions(atomic: true)) }
        #expect(try store.headSeq() == 1)
        _ = try Rebuilder(store: store).rebuild()
        _ = try Importer(store: store).importFile(second, options: ImportOptions(atomic: true))
        try Self.expectNineOrdersThatVerify(store)
    }

    static let overflow = StoreError.corrupt("a customer row holds the count \(Int64.max)")

    static func expectNineOrdersThatVerify(_ store: LedgerStore) throws {
        #expect(try store.headSeq() == 9)
        #expect(try store.verify(progress: { _ in }, shouldStop: { false }).isConsistent)
        #expect(try store.customers().map(\.totals.orders).reduce(0, +) == 9)
    }
}
