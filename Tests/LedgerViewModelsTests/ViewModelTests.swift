import Foundation
import LedgerDomain
import LedgerServices
import LedgerViewModels
import Observation
import TestSupport
import Testing

@MainActor
struct ViewModelTests {
    let ledger = InMemoryLedger()

    func summary(_ id: String, _ status: OrderStatus) -> OrderSummary {
        let at = Timestamp(milliseconds: 0)
        return OrderSummary(
            orderID: id, customerID: "C-1",
            state: OrderState(
                status: status, currency: Currency("EUR")!, customer: CustomerNumber(0), total: 100, paid: 0, refunded: 0,
                version: 1, placedAt: at, updatedAt: at, lineCount: 1, itemCount: 1))
    }

    @Test func theOrderListStartsIdleAndLoadsWithItsFilter() {
        ledger.summaries = [summary("A", .placed), summary("B", .paid)]
        let viewModel = OrderListViewModel(repository: ledger, filter: OrderFilter(statuses: [.paid], customer: "C-1", limit: 5))
        guard case .idle = viewModel.state else { Issue.record("not idle"); return }
        viewModel.load()
        #expect(viewModel.state.value?.map(\.orderID) == ["B"])
        #expect(ledger.lastFilter == OrderFilter(statuses: [.paid], customer: "C-1", limit: 5))
        viewModel.filter.statuses = []
        viewModel.load()
        #expect(viewModel.state.value?.count == 2)
    }

    @Test func theOrderListHandsOverItsRowsOneByOneAsOftenAsTheViewWalksThem() throws {
        ledger.summaries = [summary("A", .placed), summary("B", .paid), summary("C", .paid)]
        let viewModel = OrderListViewModel(repository: ledger, filter: OrderFilter(statuses: [.paid], limit: 0))
        let walks = try viewModel.withOrders { forEachOrder in
            try (0..<2).map { _ in
                var ids: [String] = []
                let selected = try forEachOrder { ids.append($0.orderID) }
                #expect(selected == 2)
                return ids
            }
        }
        #expect(walks == [["B", "C"], ["B", "C"]])
        #expect(ledger.lastFilter == OrderFilter(statuses: [.paid], limit: 0))
    }

    @Test func aFailingRepositoryBecomesAFailedStateWithItsMessage() {
        ledger.failing = true
        let list = OrderListViewModel(repository: ledger)
        list.load()
        #expect(list.state.failure == "the disk is on fire")
        let stats = StatsViewModel(repository: ledger)
        stats.load()
        #expect(stats.state.failure == "the disk is on fire")
        let customers = CustomersViewModel(repository: ledger)
        customers.load()
        #expect(customers.state.failure != nil)
    }

    @Test func aMissingOrderIsAFailureThatNamesIt() {
        let viewModel = OrderDetailViewModel(repository: ledger, orderID: "O-9")
        viewModel.load()
        #expect(viewModel.state.failure?.contains("no order O-9") == true)
        ledger.details["O-9"] = OrderDetail(summary: summary("O-9", .placed), lines: [], history: [])
        viewModel.load()
        #expect(viewModel.state.value?.summary.orderID == "O-9")
    }

    @Test func revenueAndSkusPassTheirParametersThrough() {
        let revenue = RevenueViewModel(repository: ledger, from: CalendarDate("2026-03-01"), to: CalendarDate("2026-03-02"))
        revenue.load()
        #expect(ledger.lastRange?.0 == CalendarDate("2026-03-01") && ledger.lastRange?.1 == CalendarDate("2026-03-02"))
        #expect(revenue.state.value?.isEmpty == true)
        let skus = SKUsViewModel(repository: ledger, top: 3)
        skus.load()
        #expect(ledger.lastTop == .some(3))
        #expect(skus.state.value?.first?.sku == "A")
    }

    @Test func loadingIsObservable() {
        let viewModel = StatsViewModel(repository: ledger)
        let changes = Counter()
        withObservationTracking {
            _ = viewModel.state
        } onChange: {
            changes.increment()
        }
        viewModel.load()
        #expect(changes.value == 1)
        #expect(viewModel.state.value?.events == 1)
    }

    @Test func anImportReportsProgressAndSummaries() async {
        let viewModel = ImportViewModel()
        let importer = FakeImporter(otherwise: .accepts(records: 2))
        await viewModel.importFiles(["a.csv", "b.csv"], options: ImportOptions(), using: importer, rejects: nil)
        #expect(viewModel.state.value?.map(\.file) == ["a.csv", "b.csv"])
        #expect(viewModel.completed.count == 2)
        #expect(viewModel.progress == nil)
    }

    @Test func anImportThatThrowsFails() async {
        let viewModel = ImportViewModel()
        let importer = FakeImporter(otherwise: .fails(description: "storage error: no space left on device"))
        await viewModel.importFiles(["a.csv"], options: ImportOptions(), using: importer, rejects: nil)
        #expect(viewModel.state.failure == "storage error: no space left on device")
        #expect(viewModel.interruption == nil)
    }

    @Test func anInterruptedImportSaysWhereItStoppedAndKeepsTheFilesDoneBefore() async {
        let viewModel = ImportViewModel()
        let importer = FakeImporter(["b.csv": .interrupted(committedLines: 42)])
        await viewModel.importFiles(["a.csv", "b.csv"], options: ImportOptions(), using: importer, rejects: nil)
        #expect(viewModel.interruption == ImportInterrupted(file: "b.csv", committedLines: 42))
        #expect(viewModel.completed.map(\.file) == ["a.csv"])
    }
}

/// A thread-safe count for observation callbacks (which must be `Sendable`).
// Safe: `count` is read and written only with `lock` held.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }

    var value: Int { lock.withLock { count } }
}
