/// How one event changes the customers, revenue, skus and status read models (SPEC §6). A pure
/// function of the event and the order's state around it, shared by import, rebuild and verify.
public enum ReadModelFold {
    /// Folds `event` into `rows`. `before` is the order's state before the event (`nil` for
    /// `placed`), `after` the state `OrderService.evolve` gave; `placedLines` are the lines of the
    /// order's `placed` event (needed by `cancelled`).
    // Inlinable so import and replay get copies specialised for their event and row types.
    @inlinable public static func apply(
        _ event: some OrderEventFacts, before: OrderState?, after: OrderState,
        placedLines: some Collection<EventLine>, to rows: inout some ReadModelSink
    ) {
        apply(
            event.kind, day: event.at.day, amount: event.amount, lines: event.lines, customer: after.customer,
            currency: after.currency, from: before?.status, to: after.status, placedLines: placedLines, to: &rows)
    }

    /// The same fold from the few facts it reads: the event's `kind`, `day` (days since
    /// 1970-01-01), `amount` and `lines` (`placed`), the order's `customer` and `currency`, and its
    /// status before the event (`nil` for `placed`) and after. An import that folds its events on
    /// another thread than the one that decides them hands on only these.
    @inlinable public static func apply(
        _ kind: EventKind, day: Int64, amount: Int64, lines: some Collection<EventLine>, customer: CustomerNumber,
        currency: Currency, from before: OrderStatus?, to after: OrderStatus, placedLines: some Collection<EventLine>,
        to rows: inout some ReadModelSink
    ) {
        let revenueKey = RevenueKey(day: day, currency: currency)
        switch kind {
        case .placed:
            rows.addToCustomer(customer, orders: 1, openOrders: 1, cancelled: 0, net: 0, in: currency)
            rows.revenue(revenueKey) { row in
                row.ordersPlaced += 1
                row.gross += Int128(amount)
            }
            for line in lines {
                rows.addToSKU(
                    line.sku, unitsOrdered: Int64(line.quantity), unitsCancelled: 0,
                    revenue: Int64(line.quantity) * line.unitPrice,
                    in: currency)
            }
        case .paid:
            rows.addToCustomer(customer, orders: 0, openOrders: 0, cancelled: 0, net: amount, in: currency)
            rows.revenue(revenueKey) { $0.captured += Int128(amount) }
        case .shipped:
            break
        case .delivered:
            rows.addToCustomer(customer, orders: 0, openOrders: -1, cancelled: 0, net: 0, in: nil)
        case .cancelled:
            rows.addToCustomer(customer, orders: 0, openOrders: -1, cancelled: 1, net: -amount, in: currency)
            rows.revenue(revenueKey) { row in
                row.ordersCancelled += 1
                row.refunded += Int128(amount)
            }
            takeBack(placedLines, in: currency, from: &rows)
        case .refunded:
            rows.addToCustomer(customer, orders: 0, openOrders: 0, cancelled: 0, net: -amount, in: currency)
            rows.revenue(revenueKey) { $0.refunded += Int128(amount) }
        }
        if before != after {
            rows.statuses { counts in
                if let previous = before { counts[previous] -= 1 }
                counts[after] += 1
            }
        }
    }

    /// The sku rows' share of a cancel: each line of the order's `placed` event (`lines`) taken
    /// back, in the order's `currency`. `apply` does it for a `cancelled` with the lines it is
    /// given; a fold that reads the lines later (in address order) gives `apply` none and calls this.
    @inlinable public static func takeBack(
        _ lines: some Collection<EventLine>, in currency: Currency, from rows: inout some ReadModelSink
    ) {
        for line in lines {
            rows.addToSKU(
                line.sku, unitsOrdered: 0, unitsCancelled: Int64(line.quantity),
                revenue: -Int64(line.quantity) * line.unitPrice, in: currency)
        }
    }
}
