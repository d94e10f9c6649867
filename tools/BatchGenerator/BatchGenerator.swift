internal import LedgerDomain

/// Writes realistic, reproducible order batches: full lifecycles interleaved across many orders,
/// several currencies, customers and skus, and, on request, a share of bad records of every
/// rejection code whose expected outcome it reports. Its shape is set by `GeneratorSettings`
/// (see `GeneratorProfile` for named ones).
public struct BatchGenerator {
    private let settings: GeneratorSettings
    private let ids: GeneratedIdentifiers
    private var random: SplitMix64
    private var clock: Int64 = 1_767_225_600_000  // 2026-01-01T00:00:00Z
    /// The orders in flight, in no order.
    private var active: [GeneratedOrder] = []
    /// Where each order in flight is in `active`, by order number (spread lifecycles only).
    private var slots: [Int32] = []
    /// When the next event of each order in flight is due (spread lifecycles only).
    private var schedule = LifecycleSchedule()
    /// About how many valid records the batch will have (spread lifecycles only).
    private let expectedRecords: Int
    private var placed = 0
    private var commandCounter = 0
    private var recentWithIDs: [GeneratedRecord] = []
    private var report = GeneratorReport()
    private static let carriers = ["DHL", "UPS", "FedEx", "La Poste", "Royal Mail, tracked"]

    public init(settings: GeneratorSettings) {
        precondition(settings.problem == nil, settings.problem ?? "")
        self.settings = settings
        ids = GeneratedIdentifiers(lengths: settings.idLengths, seed: settings.seed)
        random = SplitMix64(seed: settings.seed)
        // 4.1 records per order: place, one or two payments, and the plans' further steps.
        expectedRecords = settings.orders * 41 / 10 + 1
        if settings.spread > 0 { slots = Array(repeating: -1, count: settings.orders) }
    }

    /// Writes the batch, one line (or CSV header) per call to `write`, and returns what it should do.
    public mutating func generate(_ write: (String) -> Void) -> GeneratorReport {
        if settings.format == .csv { write(GeneratedRecord.csvHeader) }
        while placed < settings.orders || !active.isEmpty {
            let record = settings.spread > 0 ? nextScheduled() : nextInterleaved()
            emit(record, write)
            report.accepted += 1
            clock += Int64(below(2_000)) + 1
            if settings.badShare > 0, chance(settings.badShare) {
                emit(bad(), write)
            }
        }
        return report
    }

    /// Close together: a new order, or the next step of a random one of the orders in flight.
    private mutating func nextInterleaved() -> GeneratedRecord {
        if placed < settings.orders, active.count < settings.concurrentOrders, active.isEmpty || chance(0.3) {
            return place()
        }
        return advance(at: below(active.count))
    }

    /// Spread: the earliest due step of an order in flight, else a new order.
    private mutating func nextScheduled() -> GeneratedRecord {
        if let due = schedule.first, due.position <= report.accepted || placed == settings.orders {
            schedule.removeFirst()
            return advance(at: Int(slots[due.order]))
        }
        return place()
    }

    /// Schedules the next step of `order` up to `spread` of the rest of the file later, nearer
    /// positions likelier (the gap is that times the square of a uniform draw). With `spread` 1,
    /// two thirds of the first quarter's records are placements and an order's first and last
    /// events are half the file apart on average.
    private mutating func scheduleNext(of order: Int) {
        let rest = Double(max(1, expectedRecords - report.accepted))
        let fraction = Double(random.next() >> 11) / Double(1 << 53)
        let gap = 1 + Int(settings.spread * rest * fraction * fraction)
        schedule.insert(position: report.accepted + gap, order: order)
    }

    private mutating func emit(_ record: GeneratedRecord, _ write: (String) -> Void) {
        report.records += 1
        write(settings.format == .csv ? record.csv() : record.json())
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double(random.next() >> 11) / Double(1 << 53) < probability
    }

    /// A random integer in `0..<bound`.
    private mutating func below(_ bound: Int) -> Int { Int(random.next(upperBound: UInt64(bound))) }

    private mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    private var now: String { Timestamp(milliseconds: clock).description }

    private mutating func commandID() -> String? {
        guard chance(settings.commandIDShare) else { return nil }
        commandCounter += 1
        return ids.command(commandCounter)
    }

    private mutating func place() -> GeneratedRecord {
        let number = placed
        placed += 1
        let lineCount =
            settings.longOrderShare > 0 && chance(settings.longOrderShare)
            ? 5 + below(settings.maxLines - 4) : 1 + below(4)
        var lines: [(String, Int, Int)] = []
        lines.reserveCapacity(lineCount)
        for _ in 0..<lineCount {
            lines.append((ids.sku(below(settings.skus)), 1 + below(5), 100 + below(20_000)))
        }
        let total = lines.reduce(0) { $0 + $1.1 * $1.2 }
        let plan: GeneratedOrder.Plan =
            chance(0.1)
            ? .cancelEarly
            : chance(0.05)
                ? .cancelAfterPaying
                : chance(0.1) ? .refundAfterDelivery : .fulfil
        active.append(GeneratedOrder(number: number, total: total, plan: plan, lastAt: clock))
        if settings.spread > 0 {
            slots[number] = Int32(active.count - 1)
            scheduleNext(of: number)
        }
        return remember(
            GeneratedRecord(
                type: "place", orderID: ids.order(number), customerID: ids.customer(below(settings.customers)),
                currency: GeneratedIdentifiers.currencies[below(settings.currencies)], lines: lines, at: now,
                commandID: commandID()))
    }

    /// Writes the next step of `active[index]`'s lifecycle and retires the order when it is done.
    private mutating func advance(at index: Int) -> GeneratedRecord {
        var order = active[index]
        var record = GeneratedRecord(type: "", orderID: ids.order(order.number), at: now, commandID: commandID())
        var done = false
        switch (order.status, order.plan) {
        case (.placed, .cancelEarly):
            record.type = "cancel"
            record.reason = "customer asked"
            done = true
        case (.placed, _), (.partiallyPaid, _):
            record.type = "pay"
            let due = order.total - order.paid
            let amount = order.status == .placed && due >= 2 && chance(0.3) ? due / 2 : due
            record.amount = amount
            order.paid += amount
            order.status = order.paid == order.total ? .paid : .partiallyPaid
        case (.paid, .cancelAfterPaying):
            record.type = "cancel"
            done = true
        case (.paid, _):
            record.type = "ship"
            record.carrier = pick(Self.carriers)
            order.status = .shipped
        case (.shipped, _):
            record.type = "deliver"
            order.status = .delivered
            done = order.plan != .refundAfterDelivery
        case (.delivered, _):
            record.type = "refund"
            record.amount = max(1, order.paid / 4)
            done = true
        }
        order.lastAt = clock
        if done {
            active.swapAt(index, active.count - 1)
            active.removeLast()
            if settings.spread > 0, index < active.count { slots[active[index].number] = Int32(index) }
        } else {
            active[index] = order
            if settings.spread > 0 { scheduleNext(of: order.number) }
        }
        return remember(record)
    }

    private mutating func remember(_ record: GeneratedRecord) -> GeneratedRecord {
        guard record.commandID != nil else { return record }
        if recentWithIDs.count < 1_000 {
            recentWithIDs.append(record)
        } else {
            recentWithIDs[below(1_000)] = record
        }
        return record
    }

    /// A record that the importer must reject (or skip as a duplicate), with its expected outcome counted.
    private mutating func bad() -> GeneratedRecord {
        var record = GeneratedRecord(type: "pay", orderID: "", amount: 1, at: now)
        let target = active.isEmpty ? nil : active[below(active.count)]
        var code: RejectionCode?
        switch below(8) {
        case 0:
            if let copy = recentWithIDs.randomElement(using: &random) {
                report.duplicates += 1
                return copy
            }
            fallthrough
        case 1:
            record = GeneratedRecord(
                type: "place", orderID: ids.order(below(max(placed, 1))), customerID: ids.customer(1),
                currency: "EUR", lines: [(ids.sku(1), 1, 100)], at: now)
            code = placed > 0 ? .duplicateOrder : .unknownOrder
            if placed == 0 { record.type = "pay" }
        case 2:
            record.orderID = "NX-\(below(1_000_000))"
            code = .unknownOrder
        case 3 where target != nil && target!.lastAt > 1_767_225_600_000:
            record.orderID = ids.order(target!.number)
            record.at = Timestamp(milliseconds: target!.lastAt - 1).description
            code = .outOfOrder
        case 4 where target != nil:
            record.orderID = ids.order(target!.number)
            record.type = target!.status == .shipped ? "ship" : "deliver"
            record.amount = nil
            code = .invalidState
        case 5 where target.map({ $0.status == .placed || $0.status == .partiallyPaid }) == true:
            record.orderID = ids.order(target!.number)
            record.amount = target!.total - target!.paid + 1
            code = .overpayment
        case 6 where target.map({ $0.status == .shipped || $0.status == .delivered }) == true:
            record.orderID = ids.order(target!.number)
            record.type = "refund"
            record.amount = target!.paid + 1  // an order is retired at its first refund
            code = .overrefund
        default:
            record = malformed()
            code = .malformed
        }
        report.rejected[code!, default: 0] += 1
        return record
    }

    private mutating func malformed() -> GeneratedRecord {
        var record = GeneratedRecord(type: "pay", orderID: "O-1", amount: 5, at: now)
        switch below(4) {
        case 0: record.type = "Pay"
        case 1: record.at = "2026-02-30T10:00:00Z"
        case 2:
            record = GeneratedRecord(
                type: "place", orderID: "O-new", customerID: "C-1", currency: "eur",
                lines: [("SKU-1", 1, 100)], at: now)
        default:
            record.literal = settings.format == .csv ? "pay,\"O-1,broken" + "\"x,,,,1,\(now),,," : "{\"type\":\"pay\",}"
        }
        return record
    }
}
