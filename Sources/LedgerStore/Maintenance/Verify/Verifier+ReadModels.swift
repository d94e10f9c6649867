internal import CPrefetch
internal import LMDB
internal import LedgerDomain
internal import LedgerServices

extension Verifier {
    /// Compares the read model `model` with `replayed`, the log replayed up to its checkpoint (the
    /// whole log, or up to the seq where a lagging read model stands), which named its ids.
    static func compare(
        _ model: ReadModelName, with replayed: ReplayedLedger, _ ledger: LedgerTransaction, releasing region: MappedRegion?
    ) throws -> [String] {
        // The customer and sku rows are encoded straight from the replay's flat rows, as a
        // rebuild writes them: no read model rows are made (making them would be a large part of
        // what verify does after the replay, on one core).
        let rows = replayed.rows
        switch model {
        case .orders:
            return try compareOrders(replayed, ledger, releasing: region)
        case .customers:
            let order = rows.slotsInCurrencyOrder
            return try compareRows(
                "customers", \.customers, count: rows.customerRows, size: rows.encodedSize(customer:),
                encode: { rows.encode(customer: $0, order: order, into: $1) }, decode: ReadModelCodec.customer,
                names: replayed.customerIDs, ledger, releasing: region)
        case .skus:
            let order = rows.slotsInCurrencyOrder
            return try compareRows(
                "skus", \.skus, count: rows.skuRows, size: rows.encodedSize(sku:),
                encode: { rows.encode(sku: $0, order: order, into: $1) }, decode: ReadModelCodec.sku, names: replayed.skuIDs,
                ledger, releasing: region)
        case .revenue:
            return try compareRevenue(rows.revenueByKey, ledger)
        case .stats:
            var found: [String] = []
            if (try? ledger.statusCounts()) != rows.statusTotals {
                found.append("stats: the status counts differ from the log's")
            }
            // Its one row is the status counts: any other key is a stray.
            let strays = try ledger.count(\.stats) - (try ledger.value(\.stats, LedgerTransaction.statusCountsKey) == nil ? 0 : 1)
            if strays > 0 { found.append("stats: \(strays) \(strays == 1 ? "entry" : "entries") besides the status counts") }
            return found
        }
    }

    /// How many keys of the customer→orders index wait while their orders' customers are
    /// prefetched (a power of two).
    static let lookahead = 16

    static func compareOrders(_ replayed: ReplayedLedger, _ ledger: LedgerTransaction, releasing region: MappedRegion?) throws
        -> [String]
    {
        var found = Differences("orders")
        let stored = try ledger.count(\.orders)
        if stored != replayed.orders.count { found.add("\(stored) stored, \(replayed.orders.count) in the log") }
        let customersNamed = try ledger.count(\.customerNames)
        // The stored orders and the replayed ones, side by side: one walk of `orders`, and a name
        // made only for an order that differs. A stored order that is the replayed one's bytes,
        // numbers an order may hold, is not decoded.
        var customers = [UInt32](repeating: 0, count: replayed.orders.count)
        let misrouted = try Self.walkNumbered(\.orders, count: replayed.orders.count, ledger, releasing: region) { index, bytes in
            let expected = replayed.entries[index]
            customers[index] = expected.state.customer.rawValue
            if let bytes, OrderStateCodec.holds(bytes, expected.state, lastSeq: expected.lastSeq),
                OrderStateCodec.canHold(expected.state, lastSeq: expected.lastSeq), expected.state.customer.index < customersNamed
            {
                return
            }
            let name = { replayed.orderIDs[index] }
            guard let bytes else { return found.add("\(name()) is missing") }
            let state: OrderState
            let lastSeq: UInt64
            do {
                (state, lastSeq) = try OrderStateCodec.decode(bytes)
            } catch StoreError.corrupt(let detail) {
                return found.add("\(name()): order number \(index): \(detail)")
            }
            guard state.customer.index < customersNamed else {
                return found.add(
                    "\(name()): order number \(index) names customer number \(state.customer.rawValue), which has no id")
            }
            if state != expected.state {
                found.add("\(name()): stored \(Self.describe(state)); the log gives \(Self.describe(expected.state))")
            }
            if lastSeq != expected.lastSeq {
                found.add("\(name()): latest seq stored \(lastSeq), in the log \(expected.lastSeq)")
            }
        }
        // The index lists each order once, under its customer (`CustomerIndexCheck`).
        var index = CustomerIndexCheck()
        // The orders of a customer lie anywhere in `customers`: each key waits in a ring while its
        // order's customer is prefetched (without it, a cache miss per key would make this check
        // most of the comparison of the orders).
        var ring = [UInt64](repeating: 0, count: Self.lookahead)
        var waiting = 0
        var next = 0
        // Its keys are all it holds: a value, or a key that is not two numbers, is damage.
        var entriesFound = Differences("customer_orders")
        let indexMisrouted = try customers.withUnsafeBufferPointer { numbers in
            let misrouted = try walkCheckingRoutes(\.customerOrders, ledger, releasing: region) { key, value in
                let number = BigEndianKey64.decode(key)
                if key.count != 8 || !value.isEmpty {
                    entriesFound.add(
                        "key \(Self.describe(key)) \(key.count != 8 ? "is not a customer and an order number" : "holds a value")")
                }
                let order = Int(number & 0xFFFF_FFFF)
                if order < numbers.count { cprefetch_for_read(numbers.baseAddress! + order) }
                if waiting == ring.count { index.check(ring[next], customers: numbers, &found) } else { waiting += 1 }
                ring[next] = number
                next = (next + 1) & (Self.lookahead - 1)
            }
            for offset in (ring.count - waiting)..<ring.count {
                index.check(ring[(next + offset) & (Self.lookahead - 1)], customers: numbers, &found)
            }
            return misrouted
        }
        let listed = index.listed
        let lacking = customers.count - listed
        if lacking > 0 { found.add("the customer index lacks \(lacking) order(s)") }
        return misrouted + found.lines + entriesFound.lines + indexMisrouted
    }

    /// A stored key as a difference names it: its bytes in hex, and the number they are when
    /// they are 4 or 8 bytes (a dense number, a seq, a customer and order number).
    static func describe(_ key: UnsafeRawBufferPointer) -> String {
        let hex = key.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        switch key.count {
        case 4: return "\(BigEndianKey32.decode(key)) (\(hex))"
        case 8: return "\(BigEndianKey64.decode(key)) (\(hex))"
        default: return hex.isEmpty ? "(empty)" : hex
        }
    }

    /// Walks `table`, keyed by dense number (big-endian), beside the numbers `0..<count`: `body`
    /// gets each number with its stored value, or `nil` when none is stored. Keys of another
    /// length, and from the first past `count` on, are passed over (comparing the table's count
    /// says they are there). The branch keys are checked in the same walk (`walkCheckingRoutes`):
    /// gives the lines that name a key they misroute.
    static func walkNumbered(
        _ table: LedgerTransaction.Table, count: Int, _ ledger: LedgerTransaction, releasing region: MappedRegion?,
        _ body: (Int, UnsafeRawBufferPointer?) throws -> Void
    ) throws -> [String] {
        var next = 0
        var past = false
        let misrouted = try walkCheckingRoutes(table, ledger, releasing: region) { key, value in
            guard !past, key.count == 4 else { return }
            let number = Int(BigEndianKey32.decode(key))
            guard number < count else {
                past = true
                return
            }
            while next < number {
                try body(next, nil)
                next += 1
            }
            try body(number, value)
            next = number + 1
        }
        while next < count {
            try body(next, nil)
            next += 1
        }
        return misrouted
    }

    /// Compares the `count` rows of `table` with rows `0..<count` of the replay, each encoded by
    /// `encode` into `size` of its number bytes. Rows whose bytes differ are compared once more as
    /// `decode` reads them: a row an older format laid out (`ReadModelCodec`) holds the same sums
    /// in other bytes.
    static func compareRows<Row: Equatable>(
        _ model: String, _ table: LedgerTransaction.Table, count expected: Int, size: (Int) -> Int,
        encode: (Int, UnsafeMutableRawBufferPointer) -> Void, decode: (UnsafeRawBufferPointer) throws(StoreError) -> Row,
        names: NameList, _ ledger: LedgerTransaction, releasing region: MappedRegion?
    ) throws -> [String] {
        var found = Differences(model)
        let stored = try ledger.count(table)
        if stored != expected { found.add("\(stored) rows stored, \(expected) from the log") }
        // Each row is encoded into one reused buffer and compared with the stored bytes in place.
        var buffer = [UInt8](repeating: 0, count: 64)
        let misrouted = try Self.walkNumbered(table, count: expected, ledger, releasing: region) { index, bytes in
            let name = { index < names.count ? names[index] : "number \(index)" }
            guard let bytes else { return found.add("\(name()) is missing") }
            let count = size(index)
            if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
            let same = buffer.withUnsafeMutableBytes { raw in
                let encoded = UnsafeMutableRawBufferPointer(rebasing: raw[..<count])
                encode(index, encoded)
                if bytes.hasSameBytes(as: UnsafeRawBufferPointer(encoded)) { return true }
                guard let stored = try? decode(bytes) else { return false }
                return (try? decode(UnsafeRawBufferPointer(encoded))) == stored
            }
            if !same { found.add("\(name()) differs from the log's") }
        }
        return misrouted + found.lines
    }

    static func compareRevenue(_ replayed: [RevenueKey: RevenueTotals], _ ledger: LedgerTransaction) throws -> [String] {
        var found = Differences("revenue")
        var expected = replayed
        try ledger.scan(\.revenue) { entries in
            for entry in entries {
                guard let key = try? ReadModelCodec.revenueKey(entry.key), let row = try? ReadModelCodec.revenue(entry.value)
                else {
                    found.add("a row does not decode (key \(entry.key.map { String($0, radix: 16) }.joined(separator: " ")))")
                    continue
                }
                if let want = expected.removeValue(forKey: key) {
                    if want != row { found.add("\(key.date) \(key.currency) differs from the log's") }
                } else {
                    found.add("\(key.date) \(key.currency) is stored but the log has no money event then")
                }
            }
        }
        for key in expected.keys.sorted() { found.add("\(key.date) \(key.currency) is missing") }
        return found.lines
    }

    /// An order's state in a difference: every field, so that the two sides show where they part.
    static func describe(_ state: OrderState) -> String {
        "\(state.status) \(state.currency) total \(state.total) paid \(state.paid) refunded \(state.refunded) "
            + "v\(state.version) customer number \(state.customer.rawValue) \(state.lineCount) lines of \(state.itemCount) items "
            + "placed \(state.placedAt) updated \(state.updatedAt)"
    }
}
