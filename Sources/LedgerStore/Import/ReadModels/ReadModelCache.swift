internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// The read model rows of one import, kept in memory across its chunks (customers and skus in a
/// replay's compact rows by dense number, `ReplayRows` placed by `RowPlaces`, so folding hashes
/// nothing but revenue keys, and a row is as wide as the store's currencies) and written back
/// once, changed rows only and in key order (`writeChanges`), with the import's last chunk: the
/// `customers` and `skus` databases are not rewritten by every commit. A row in memory is never
/// read from the store again, so the store may lag behind by chunks not yet committed.
/// `ReadModelFoldingThread`'s thread folds each chunk's changes (`fold`) while the chunks are written.
///
/// The rows are trusted only while the log's head is where the last chunk folded left it: a
/// chunk folded after any other head (an atomic import's transaction run again) starts from an
/// empty cache and loads rows from the store again.
final class ReadModelCache: ReadModelSink {
    // Exclusivity unchecked on what the fold touches per event: one thread folds at a time, and no
    // access to a property is open while another starts; the runtime's checks would run for every
    // event the folding thread folds.
    @exclusivity(unchecked) private var ledger: LedgerTransaction?
    @exclusivity(unchecked) private var region: MappedRegion?
    /// The customer and sku rows (the revenue rows and the counts by status are kept below, as
    /// loaded from the store).
    @exclusivity(unchecked) private var rows: ReplayRows
    @exclusivity(unchecked) private var customers: RowPlaces
    @exclusivity(unchecked) private var skus: RowPlaces
    /// The revenue rows the import folded into (every one of them changed).
    @exclusivity(unchecked) private var revenue: [RevenueKey: RevenueTotals] = [:]
    @exclusivity(unchecked) private var statusCounts: StatusCounts?
    @exclusivity(unchecked) private var statusChanged = false
    /// The customer and sku numbers from which on the store held no row when the fold began:
    /// those rows start empty without a search of the store (on a new store, every row).
    @exclusivity(unchecked) private var storedCustomers = 0
    @exclusivity(unchecked) private var storedSKUs = 0
    /// The head seq at which the cached rows equal the stored ones, if known.
    private var validAt: UInt64?
    /// The first load that failed; `ReadModelSink` cannot throw, so `fold` throws it.
    @exclusivity(unchecked) private var failure: (any Error)?

    /// `lookups`: whether stored rows are read by blocks or one by one (`RowPlaces`).
    init(lookups: LookupMode = .loaded) {
        rows = ReplayRows(customers: 0, skus: 0, hugePages: lookups == .loaded)
        customers = RowPlaces(lookups: lookups)
        skus = RowPlaces(lookups: lookups)
    }

    /// How many changes ahead of the one folded its rows are prefetched.
    static let prefetchDistance = 8

    /// Folds `changes`, the events of a chunk that follows `head`, into the rows; a row not held
    /// yet is loaded from `ledger`, in which the read models stand where the import found them,
    /// and the map's pages in `region` are dropped after a load once more than the import's budget
    /// is mapped (the other threads may be waiting for this one, looking at no budget).
    /// Throws the first load that failed.
    func fold(
        _ changes: ReadModelChanges, after head: UInt64, in ledger: LedgerTransaction, releasing region: MappedRegion? = nil
    ) throws {
        if validAt != head {
            // Placed by number: the rows are loaded by blocks, many and read at random.
            rows = ReplayRows(customers: 0, skus: 0, hugePages: customers.byNumber)
            customers.removeAll()
            skus.removeAll()
            revenue = [:]
            statusCounts = nil
            statusChanged = false
        }
        validAt = nil
        failure = nil
        self.ledger = ledger
        self.region = region
        defer {
            self.ledger = nil
            self.region = nil
        }
        storedCustomers = load { try $0.rowNumberBound(\.customers) } ?? .max
        storedSKUs = load { try $0.rowNumberBound(\.skus) } ?? .max
        var sink = self
        let prefetching = customers.byNumber
        changes.forEach(prefetching: Self.prefetchDistance) { change, lines in
            guard prefetching else { return }
            rows.prefetchCustomer(row: change.customer.index)
            for line in lines { rows.prefetchSKU(row: line.sku.index) }
        } _: { change, lines in
            // `lines` are the `placed` event's own (`placed`) or those taken back (`cancelled`).
            ReadModelFold.apply(
                change.kind, day: change.day, amount: change.amount, lines: lines, customer: change.customer,
                currency: change.currency, from: change.before, to: change.after, placedLines: lines, to: &sink)
        }
        if let failure { throw failure }
        validAt = head + UInt64(changes.count)
    }

    func addToCustomer(
        _ number: CustomerNumber, orders: Int64, openOrders: Int64, cancelled: Int64, net: Int64, in currency: Currency?
    ) {
        let row = customers.place(of: number.index, stored: storedCustomers) { numbers, first in
            loadRows(of: \.customers, numbered: numbers, decode: ReadModelCodec.customer) { number, totals in
                rows.add(totals, toCustomer: first + number - numbers.lowerBound)
            }
        }
        let slot = currency.map { rows.slot(of: $0) } ?? -1
        rows.addToCustomer(row: row, slot: slot, orders: orders, openOrders: openOrders, cancelled: cancelled, net: net)
    }

    func addToSKU(_ number: SKUNumber, unitsOrdered: Int64, unitsCancelled: Int64, revenue: Int64, in currency: Currency) {
        let row = skus.place(of: number.index, stored: storedSKUs) { numbers, first in
            loadRows(of: \.skus, numbered: numbers, decode: ReadModelCodec.sku) { number, totals in
                rows.add(totals, toSKU: first + number - numbers.lowerBound)
            }
        }
        rows.addToSKU(
            row: row, slot: rows.slot(of: currency), unitsOrdered: unitsOrdered, unitsCancelled: unitsCancelled,
            revenue: revenue)
    }

    /// Reads the stored rows of `table` numbered in `numbers` and gives each to `put`.
    private func loadRows<Row>(
        of table: LedgerTransaction.Table, numbered numbers: ClosedRange<Int>,
        decode: (UnsafeRawBufferPointer) throws(StoreError) -> Row, _ put: (Int, Row) -> Void
    ) {
        _ = load { ledger in
            try ledger.forEachEntry(of: table, numbered: UInt32(numbers.lowerBound)...UInt32(numbers.upperBound)) {
                number, bytes in
                if numbers.contains(Int(number)) { put(Int(number), try decode(bytes)) }
            }
        }
        region?.releasePages(ifMappedOver: ChunkApplier.mappedBudget)
    }

    func revenue(_ key: RevenueKey, _ update: (inout RevenueTotals) -> Void) {
        update(&revenue[key, default: load { try $0.revenueRow(key) } ?? RevenueTotals()])
    }

    func statuses(_ update: (inout StatusCounts) -> Void) {
        var counts = statusCounts ?? load { try $0.statusCounts() } ?? StatusCounts()
        update(&counts)
        statusCounts = counts
        statusChanged = true
    }

    private func load<Row>(_ body: (LedgerTransaction) throws -> Row?) -> Row? {
        guard let ledger else { preconditionFailure("a read model row was folded outside `fold`") }
        do {
            return try body(ledger)
        } catch {
            if failure == nil { failure = error }
            return nil
        }
    }

    /// Writes every row the import changed, once each and in key order, as it is now; drops the
    /// pages of `region` every few rows and after the customers and after the skus.
    func writeChanges(to ledger: LedgerTransaction, releasing region: MappedRegion?) throws {
        var releaser = WriteBackReleaser(region)
        // Rows numbered past every stored one are appended (see `PendingReadModels`).
        let customersBound = try ledger.rowNumberBound(\.customers)
        try ledger.appending(to: \.customers) { appender in
            for number in customers.updated {
                try ledger.putCustomerRow(
                    CustomerNumber(UInt32(number)), rows.customer(customers.placed(number)),
                    appendingTo: number >= customersBound ? appender : nil)
                releaser.wrote()
            }
        }
        region?.releasePages()
        for (key, row) in revenue.sorted(by: { $0.key < $1.key }) { try ledger.putRevenueRow(key, row) }
        let skusBound = try ledger.rowNumberBound(\.skus)
        try ledger.appending(to: \.skus) { appender in
            for number in skus.updated {
                try ledger.putSKURow(
                    SKUNumber(UInt32(number)), rows.sku(skus.placed(number)), appendingTo: number >= skusBound ? appender : nil)
                releaser.wrote()
            }
        }
        region?.releasePages()
        if statusChanged, let statusCounts { try ledger.putStatusCounts(statusCounts) }
    }
}
