/// How one event changes the customers, revenue, skus and status read models (SPEC §6). A pure
/// function of the event and the order's state around it, shared by import, rebuild and verify.
public enum ReadModelFold {
    /// Folds `event` into `rows`. `before` is the order's state before the event (`nil` for
    /// `placed`), `after` the state `OrderService.evolve` gave; `placedLines` are the lines of the
    /// order's `placed` event (needed by `cancelled`).
    // Measured: inlinable so import and replay get copies specialised for their event and row types (the replay went from 4.5M to 5.5M events/s).
    @inlinable public static func apply(
        _ event: some OrderEventFacts, before: OrderState?, after: OrderState,
        placedLines: some Collection<EventLine>, to rows: inout some ReadModelRows
    ) {
        let currency = after.currency
        let revenueKey = RevenueKey(day: event.at.day, currency: currency)
        switch event.kind {
        case .placed:
            rows.customer(after.customer) { row in
                row.orders += 1
                row.openOrders += 1
                row.net.add(0, to: currency)
            }
            rows.revenue(revenueKey) { row in
                row.ordersPlaced += 1
                row.gross += event.amount
            }
            for line in event.lines {
                rows.sku(line.sku) { row in
                    row.unitsOrdered += Int64(line.quantity)
                    row.revenue.add(Int64(line.quantity) * line.unitPrice, to: currency)
                }
            }
        case .paid:
            rows.customer(after.customer) { $0.net.add(event.amount, to: currency) }
            rows.revenue(revenueKey) { $0.captured += event.amount }
        case .shipped:
            break
        case .delivered:
            rows.customer(after.customer) { $0.openOrders -= 1 }
        case .cancelled:
            rows.customer(after.customer) { row in
                row.cancelled += 1
                row.openOrders -= 1
                row.net.add(-event.amount, to: currency)
            }
            rows.revenue(revenueKey) { row in
                row.ordersCancelled += 1
                row.refunded += event.amount
            }
            for line in placedLines {
                rows.sku(line.sku) { row in
                    row.unitsCancelled += Int64(line.quantity)
                    row.revenue.add(-Int64(line.quantity) * line.unitPrice, to: currency)
                }
            }
        case .refunded:
            rows.customer(after.customer) { $0.net.add(-event.amount, to: currency) }
            rows.revenue(revenueKey) { $0.refunded += event.amount }
        }
        if before?.status != after.status {
            rows.statuses { counts in
                if let previous = before?.status { counts[previous] -= 1 }
                counts[after.status] += 1
            }
        }
    }
}
