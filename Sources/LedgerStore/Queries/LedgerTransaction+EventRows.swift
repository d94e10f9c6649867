internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// The ids that a walk over the log looked up last (`RecentNames` per kind of id).
struct EventNames {
    var orders = RecentNames()
    var customers = RecentNames()
    var skus = RecentNames()
}

/// Logged events as `EventRow`s: the ids behind the dense numbers looked up in this snapshot.
extension LedgerTransaction {
    /// The row of the event at `seq`, read in place from `bytes`; `currency` also gives non-`placed`
    /// events their order's currency; `commandID` is the command id it was accepted under.
    func eventRow(
        seq: UInt64, bytes: UnsafeRawBufferPointer, currency: Bool, commandID: String? = nil, names recent: inout EventNames
    ) throws -> EventRow {
        let event = try EncodedEvent(bytes)
        let kind = event.kind
        if kind == .placed {
            let names = try event.names()
            guard let orderID = names.order else { throw StoreError.corrupt("the placed event at seq \(seq) names no order") }
            recent.orders.remember(event.order.rawValue, orderID)
            let customerID: String
            if let defined = names.customer {
                recent.customers.remember(event.customer.rawValue, defined)
                customerID = defined
            } else {
                customerID = try recent.customers.name(event.customer.rawValue) {
                    try customerName(CustomerNumber($0), seq: seq)
                }
            }
            let lines = try event.lines.map { line in
                LineItem(
                    sku: try recent.skus.name(line.sku.rawValue) { try skuName(SKUNumber($0), seq: seq) },
                    quantity: Int64(line.quantity), unitPrice: line.unitPrice)
            }
            return EventRow(
                seq: seq, orderID: orderID, version: event.version, kind: kind, at: event.at, customerID: customerID,
                currency: event.currency, total: event.amount, lines: lines, commandID: commandID)
        }
        let orderID = try recent.orders.name(event.order.rawValue) { number in
            guard let id = try self.orderID(OrderNumber(number)) else {
                throw StoreError.corrupt("the event at seq \(seq) names order number \(number), which has no id")
            }
            return id
        }
        var orderCurrency: Currency?
        if currency {
            if let order = try order(event.order) {
                orderCurrency = order.state.currency
            } else if try lags(.orders) {  // placed after the read model's checkpoint
                orderCurrency = try placedCurrency(of: event, at: seq)
            } else {
                throw StoreError.corrupt("the event at seq \(seq) names order \(orderID), which has no state")
            }
        }
        return EventRow(
            seq: seq, orderID: orderID, version: event.version, kind: kind, at: event.at, currency: orderCurrency,
            amount: kind == .paid || kind == .refunded ? event.amount : nil, refund: kind == .cancelled ? event.amount : nil,
            carrier: kind == .shipped ? event.note : nil, reason: kind == .cancelled ? event.note : nil,
            commandID: commandID)
    }

    /// The seqs of order `number`'s events, oldest first, walked back along the stream's chain
    /// from its latest event, at `latest`.
    func streamSeqs(of number: OrderNumber, latest: UInt64) throws -> [UInt64] {
        var seqs: [UInt64] = []
        var seq = latest
        var length: UInt32?
        while seq != 0 {
            guard seqs.count < length ?? .max, let bytes = try value(\.log, BigEndianKey64(seq)) else {
                throw StoreError.corrupt("order number \(number.rawValue)'s stream breaks at seq \(seq)")
            }
            let event = try EncodedEvent(bytes)
            guard event.order == number, event.previousSeq < seq else {
                throw StoreError.corrupt("order number \(number.rawValue)'s stream breaks at seq \(seq)")
            }
            length = length ?? event.version
            seqs.append(seq)
            seq = event.previousSeq
        }
        return seqs.reversed()
    }

    /// The currency of the order whose event at `seq` is `event`, read from its `placed` event,
    /// the first of its stream: for orders placed after the checkpoint of an `orders` read model
    /// behind the log.
    private func placedCurrency(of event: EncodedEvent, at seq: UInt64) throws -> Currency {
        guard let first = try streamSeqs(of: event.order, latest: seq).first,
            let bytes = try value(\.log, BigEndianKey64(first)), case let placed = try EncodedEvent(bytes),
            placed.kind == .placed
        else { throw StoreError.corrupt("order number \(event.order.rawValue) has no placed event") }
        return placed.currency
    }

    private func customerName(_ number: CustomerNumber, seq: UInt64) throws -> String {
        guard let id = try customerID(number) else {
            throw StoreError.corrupt("the event at seq \(seq) names customer number \(number.rawValue), which has no id")
        }
        return id
    }

    private func skuName(_ number: SKUNumber, seq: UInt64) throws -> String {
        guard let id = try sku(number) else {
            throw StoreError.corrupt("the event at seq \(seq) names sku number \(number.rawValue), which has no id")
        }
        return id
    }
}
