import LedgerDomain
import PostgresNIO

/// The COPY rows of one mirror transaction: its events and their lines as they come, then the
/// read model rows its events changed, taken from the fold once all of them are folded.
struct MirrorRows {
    var events = CopyText()
    var lines = CopyText()

    static let eventColumns = [
        "seq", "order_id", "version", "type", "at", "customer_id", "currency", "total", "amount", "refund", "carrier",
        "reason",
    ]
    static let lineColumns = ["seq", "line_no", "sku", "qty", "unit_price"]

    /// How many bytes of event rows go to PostgreSQL at a time.
    static let sliceBytes = 1 << 20

    /// The event rows written so far, to send; `events` starts over.
    mutating func takeEvents() -> ByteBuffer {
        defer { events = CopyText(capacity: Self.sliceBytes + 4096) }
        return events.buffer
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

    /// One table's new rows: its name, columns and COPY text.
    struct Table {
        let name: String
        let columns: [String]
        var rows = CopyText()
    }

    /// The read model rows `touched` names, as the fold holds them now, and the stats row.
    static func readModels(_ touched: TouchedRows, fold: MirrorFold) -> [Table] {
        var orders = Table(
            name: "orders",
            columns: [
                "order_id", "customer_id", "status", "currency", "total", "paid", "refunded", "line_count", "item_count",
                "placed_at", "updated_at", "version",
            ])
        for index in touched.orders {
            guard let state = fold.orders[index] else { continue }
            orders.rows.plain(fold.orderIDs[index])
            orders.rows.plain(fold.customerIDs[state.customer.index])
            orders.rows.plain(state.status.description)
            orders.rows.plain(state.currency.description)
            orders.rows.integer(state.total)
            orders.rows.integer(state.paid)
            orders.rows.integer(state.refunded)
            orders.rows.integer(state.lineCount)
            orders.rows.integer(state.itemCount)
            orders.rows.timestamp(state.placedAt)
            orders.rows.timestamp(state.updatedAt)
            orders.rows.integer(state.version)
            orders.rows.endRow()
        }
        var customers = Table(name: "customers", columns: ["customer_id", "orders", "open_orders", "cancelled"])
        var customerNet = Table(name: "customer_net", columns: ["customer_id", "currency", "net"])
        for index in touched.customers where index < fold.models.customers.count {
            let row = fold.models.customers[index]
            let id = fold.customerIDs[index]
            customers.rows.plain(id)
            customers.rows.integer(row.orders)
            customers.rows.integer(row.openOrders)
            customers.rows.integer(row.cancelled)
            customers.rows.endRow()
            amounts(row.net, of: id, into: &customerNet.rows)
        }
        var revenue = Table(
            name: "revenue",
            columns: ["date", "currency", "orders_placed", "orders_cancelled", "gross", "captured", "refunded", "net"])
        for key in touched.revenue {
            guard let row = fold.models.revenue[key] else { continue }
            revenue.rows.date(key.date)
            revenue.rows.plain(key.currency.description)
            revenue.rows.integer(row.ordersPlaced)
            revenue.rows.integer(row.ordersCancelled)
            revenue.rows.integer(row.gross)
            revenue.rows.integer(row.captured)
            revenue.rows.integer(row.refunded)
            revenue.rows.integer(row.net)
            revenue.rows.endRow()
        }
        var skus = Table(name: "skus", columns: ["sku", "units_ordered", "units_cancelled"])
        var skuRevenue = Table(name: "sku_revenue", columns: ["sku", "currency", "revenue"])
        for index in touched.skus where index < fold.models.skus.count {
            let row = fold.models.skus[index]
            let sku = fold.skus[index]
            skus.rows.plain(sku)
            skus.rows.integer(row.unitsOrdered)
            skus.rows.integer(row.unitsCancelled)
            skus.rows.endRow()
            amounts(row.revenue, of: sku, into: &skuRevenue.rows)
        }
        var stats = Table(
            name: "stats",
            columns: ["events", "orders", "customers", "skus", "head_seq"] + OrderStatus.allCases.map(\.description))
        stats.rows.integer(fold.seq)
        stats.rows.integer(fold.placedOrders)
        stats.rows.integer(fold.models.customers.count)
        stats.rows.integer(fold.models.skus.count)
        stats.rows.integer(fold.seq)
        for status in OrderStatus.allCases { stats.rows.integer(fold.models.statusCounts[status]) }
        stats.rows.endRow()
        return [orders, customers, customerNet, revenue, skus, skuRevenue, stats]
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
