import LedgerDomain
import PostgresNIO

/// The COPY rows of one mirror transaction: its events and their lines as they come, then the
/// read model rows, each written from the fold by the functions below once its events are folded.
struct MirrorRows {
    var events = CopyText()
    var lines = CopyText()

    static let eventColumns = [
        "seq", "order_id", "version", "type", "at", "customer_id", "currency", "total", "amount", "refund", "carrier",
        "reason",
    ]
    static let lineColumns = ["seq", "line_no", "sku", "qty", "unit_price"]

    /// How many bytes of rows go to PostgreSQL at a time.
    static let sliceBytes = 1 << 20
    /// How many events are read from the log at a time; a transaction of more reads several pages,
    /// so the events and lines held at once do not grow with `--events-per-commit`.
    static let pageEvents = 65_536

    /// The event rows written so far, to send; `events` starts over.
    mutating func takeEvents() -> ByteBuffer {
        defer { events = CopyText(capacity: Self.sliceBytes + 4096) }
        return events.buffer
    }

    /// The line rows written so far, to send; `lines` starts over.
    mutating func takeLines() -> CopyText {
        defer { lines = CopyText() }
        return lines
    }

    /// Writes the `events` row of `event` (seq `seq`) and its `event_lines` rows.
    mutating func add(_ event: OrderEvent, seq: UInt64, fold: MirrorFold) {
        events.integer(seq)
        events.plain(fold.orderIDs[event.order.index])
        events.integer(event.version)
        events.plain(event.kind.description)
        events.timestamp(event.at)
        if event.kind == .placed {
            events.plain(fold.customerIDs[event.customer.index])
            events.plain(event.currency.description)
            events.integer(event.amount)
        } else {
            events.null()
            events.null()
            events.null()
        }
        event.kind == .paid || event.kind == .refunded ? events.integer(event.amount) : events.null()
        event.kind == .cancelled ? events.integer(event.amount) : events.null()
        if event.kind == .shipped, let carrier = event.note { events.text(carrier) } else { events.null() }
        if event.kind == .cancelled, let reason = event.note { events.text(reason) } else { events.null() }
        events.endRow()
        for (number, line) in event.lines.enumerated() {
            lines.integer(seq)
            lines.integer(number + 1)
            lines.plain(fold.skus[line.sku.index])
            lines.integer(line.quantity)
            lines.integer(line.unitPrice)
            lines.endRow()
        }
    }

    /// A read model table: its name and columns.
    struct Table {
        let name: String
        let columns: [String]
    }

    static let orders = Table(
        name: "orders",
        columns: [
            "order_id", "customer_id", "status", "currency", "total", "paid", "refunded", "line_count", "item_count",
            "placed_at", "updated_at", "version",
        ])
    static let customers = Table(name: "customers", columns: ["customer_id", "orders", "open_orders", "cancelled"])
    static let customerNet = Table(name: "customer_net", columns: ["customer_id", "currency", "net"])
    static let revenue = Table(
        name: "revenue",
        columns: ["date", "currency", "orders_placed", "orders_cancelled", "gross", "captured", "refunded", "net"])
    static let skus = Table(name: "skus", columns: ["sku", "units_ordered", "units_cancelled"])
    static let skuRevenue = Table(name: "sku_revenue", columns: ["sku", "currency", "revenue"])
    static let stats = Table(
        name: "stats", columns: ["events", "orders", "customers", "skus", "head_seq"] + OrderStatus.allCases.map(\.description))
    /// Every read model table, in the order a full rewrite empties them.
    static let readModelTables = [orders, customers, customerNet, revenue, skus, skuRevenue, stats]

    /// The `orders` row of order number `index` as the fold holds it (none for a number not placed).
    static func orderRow(_ index: Int, fold: MirrorFold, into rows: inout CopyText) {
        guard let state = fold.orders[index] else { return }
        rows.plain(fold.orderIDs[index])
        rows.plain(fold.customerIDs[state.customer.index])
        rows.plain(state.status.description)
        rows.plain(state.currency.description)
        rows.integer(state.total)
        rows.integer(state.paid)
        rows.integer(state.refunded)
        rows.integer(state.lineCount)
        rows.integer(state.itemCount)
        rows.timestamp(state.placedAt)
        rows.timestamp(state.updatedAt)
        rows.integer(state.version)
        rows.endRow()
    }

    /// The `customers` row of customer number `index`.
    static func customerRow(_ index: Int, fold: MirrorFold, into rows: inout CopyText) {
        guard index < fold.models.customers.count else { return }
        let row = fold.models.customers[index]
        rows.plain(fold.customerIDs[index])
        rows.integer(row.orders)
        rows.integer(row.openOrders)
        rows.integer(row.cancelled)
        rows.endRow()
    }

    /// The `customer_net` rows of customer number `index`, one per currency.
    static func customerNetRows(_ index: Int, fold: MirrorFold, into rows: inout CopyText) {
        guard index < fold.models.customers.count else { return }
        amounts(fold.models.customers[index].net, of: fold.customerIDs[index], into: &rows)
    }

    /// The `revenue` row of `key`.
    static func revenueRow(_ key: RevenueKey, fold: MirrorFold, into rows: inout CopyText) {
        guard let row = fold.models.revenue[key] else { return }
        rows.date(key.date)
        rows.plain(key.currency.description)
        rows.integer(row.ordersPlaced)
        rows.integer(row.ordersCancelled)
        rows.integer(row.gross)
        rows.integer(row.captured)
        rows.integer(row.refunded)
        rows.integer(row.net)
        rows.endRow()
    }

    /// The `skus` row of sku number `index`.
    static func skuRow(_ index: Int, fold: MirrorFold, into rows: inout CopyText) {
        guard index < fold.models.skus.count else { return }
        let row = fold.models.skus[index]
        rows.plain(fold.skus[index])
        rows.integer(row.unitsOrdered)
        rows.integer(row.unitsCancelled)
        rows.endRow()
    }

    /// The `sku_revenue` rows of sku number `index`, one per currency.
    static func skuRevenueRows(_ index: Int, fold: MirrorFold, into rows: inout CopyText) {
        guard index < fold.models.skus.count else { return }
        amounts(fold.models.skus[index].revenue, of: fold.skus[index], into: &rows)
    }

    /// The stats row.
    static func statsRow(fold: MirrorFold) -> CopyText {
        var rows = CopyText(capacity: 256)
        rows.integer(fold.seq)
        rows.integer(fold.placedOrders)
        rows.integer(fold.models.customers.count)
        rows.integer(fold.models.skus.count)
        rows.integer(fold.seq)
        for status in OrderStatus.allCases { rows.integer(fold.models.statusCounts[status]) }
        rows.endRow()
        return rows
    }

    /// One row per currency of `amounts`: `id, currency, amount`.
    private static func amounts(_ amounts: CurrencyAmounts, of id: String, into rows: inout CopyText) {
        for (currency, amount) in amounts.entries {
            rows.plain(id)
            rows.plain(currency.description)
            rows.integer(amount)
            rows.endRow()
        }
    }
}
