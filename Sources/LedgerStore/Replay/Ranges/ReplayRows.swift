internal import CPrefetch
internal import LedgerDomain

/// The read model rows a replay folds into: dense arrays by customer and sku number, each row's
/// amounts in slots by currency (`CurrencySlots`), and revenue rows found through a dictionary
/// that is asked only when a currency's date changes (a log is mostly in time order, so that is
/// rarely): a small direct-mapped memo remembers each currency's last row.
///
/// A customer row is `4 + width` `Int64`s: orders, open orders, cancelled, the mask of the slots
/// it holds, then one amount per slot; a sku row `3 + width`: units ordered, units cancelled, the
/// mask, the amounts. `width` is the number of slots met so far (up to `denseSlots`): a row is as
/// small as the store's currencies allow (72 bytes for a customer with 5), and a currency met
/// later widens every row once. Past `denseSlots` currencies, amounts go to a dictionary by row
/// and slot instead (a store with that many currencies is not one the replay is tuned for).
///
/// Amounts are kept as `Int64`s that wrap (`&+=`), so that a row stays as small as it is: each
/// time an add passes `Int64`'s bounds, the row's carry for that slot counts it (`customerCarries`,
/// `skuCarries`, almost always empty), and the exact sum is the wrapped one plus the carry times
/// 2^64 (SPEC §10: sums are exact for any log). Counts and units wrap without carries: a share's
/// counts may pass no bound that the whole does not, and the whole fits (`ReadModelCodec`).
struct ReplayRows: ReadModelSink {
    private var customers: [Int64] = []
    private var customerCount = 0
    private var skus: [Int64] = []
    private var skuCount = 0
    private var expectedCustomers: Int
    private var expectedSKUs: Int
    private var slots = CurrencySlots()
    private var width = 0
    /// Amounts in slots past `denseSlots`, keyed by row number (high 32 bits) and slot.
    private var customerOverflow: [UInt64: Int128] = [:]
    private var skuOverflow: [UInt64: Int128] = [:]
    /// How often the amount in a dense slot passed `Int64`'s bounds upwards, less how often it
    /// passed them downwards, keyed as `customerOverflow`; slots that never did are not listed.
    private var customerCarries: [UInt64: Int64] = [:]
    private var skuCarries: [UInt64: Int64] = [:]
    private var revenueRows: [RevenueTotals] = []
    private var revenueKeys: [RevenueKey] = []
    private var revenueIndex: [RevenueKey: Int] = [:]
    private var recentRevenue = [(key: RevenueKey, row: Int)](
        repeating: (RevenueKey(day: .min, currency: Currency(packed: 0)), -1), count: 16)
    private var statusCounts = StatusCounts()

    /// How many currency slots a row holds inline at most (the bits of its mask used).
    static let denseSlots = 16

    private var customerStride: Int { 4 + width }
    private var skuStride: Int { 3 + width }

    /// Whether the rows are kept on huge pages (read at random over many pages), or are few.
    private let hugePages: Bool

    /// Room for about `customers` customers and `skus` skus. `hugePages`: the rows are many and
    /// read at random (not a small import's few, where each huge page met would be zeroed whole).
    init(customers: Int, skus: Int, hugePages: Bool = true) {
        expectedCustomers = customers
        expectedSKUs = skus
        self.hugePages = hugePages
        if hugePages {
            self.customers.reserveCapacityOnHugePages(customers * customerStride)
            self.skus.reserveCapacityOnHugePages(skus * skuStride)
        }
    }

    /// How many customer (sku) rows to expect: the rows held, or more if the store counts more.
    var expectedCustomerRows: Int { max(expectedCustomers, customerCount) }
    var expectedSKURows: Int { max(expectedSKUs, skuCount) }

    /// Starts bringing customer row `row` into the cache, ahead of folding into it.
    // Mutating, as is `prefetchSKU`, so that rows held in a class (an import's) are reached in
    // place: reading them to call a method copied the rows, retaining each of their arrays, per event.
    mutating func prefetchCustomer(row: Int) {
        guard row < customerCount else { return }
        Self.prefetch(row: row, stride: customerStride, of: customers)
    }

    /// Starts bringing sku row `row` into the cache, ahead of folding into it.
    mutating func prefetchSKU(row: Int) {
        guard row < skuCount else { return }
        Self.prefetch(row: row, stride: skuStride, of: skus)
    }

    /// Prefetches every cache line of row `row` (a row may span three).
    // Safe: a prefetch only hints the cache; callers check the row against the rows held first.
    private static func prefetch(row: Int, stride: Int, of rows: [Int64]) {
        rows.withUnsafeBufferPointer { buffer in
            let start = UnsafeRawPointer(buffer.baseAddress! + row * stride)
            let size = stride * MemoryLayout<Int64>.size
            for offset in Swift.stride(from: 0, to: size, by: 64) { cprefetch_for_write(start + offset) }
            cprefetch_for_write(start + size - 1)
        }
    }

    mutating func addToCustomer(
        _ number: CustomerNumber, orders: Int64, openOrders: Int64, cancelled: Int64, net: Int64, in currency: Currency?
    ) {
        let slot = currency.map { self.slot(of: $0) } ?? -1
        addToCustomer(row: number.index, slot: slot, orders: orders, openOrders: openOrders, cancelled: cancelled, net: net)
    }

    /// Adds to customer row `row`, `net` in currency slot `slot` (-1: none).
    mutating func addToCustomer(row: Int, slot: Int, orders: Int64, openOrders: Int64, cancelled: Int64, net: Int64) {
        if row >= customerCount { growCustomers(to: row + 1) }
        let base = row * customerStride
        let dense = slot >= 0 && slot < Self.denseSlots
        let carried = customers.withUnsafeMutableBufferPointer { rows in
            rows[base] &+= orders
            rows[base + 1] &+= openOrders
            rows[base + 2] &+= cancelled
            guard dense else { return false }
            rows[base + 3] |= 1 << slot
            return Self.add(net, to: &rows[base + 4 + slot])
        }
        if carried { customerCarries[Self.key(row, slot), default: 0] += net > 0 ? 1 : -1 }
        if !dense, slot >= 0 { customerOverflow[Self.key(row, slot), default: 0] += Int128(net) }
    }

    /// Adds `amount` to `sum`, wrapping; whether it passed `Int64`'s bounds (a carry to count).
    @inline(__always)
    private static func add(_ amount: Int64, to sum: inout Int64) -> Bool {
        let (result, overflow) = sum.addingReportingOverflow(amount)
        sum = result
        return overflow
    }

    /// The key of `row`'s `slot` in the overflow and carry dictionaries.
    private static func key(_ row: Int, _ slot: Int) -> UInt64 { UInt64(row) << 32 | UInt64(slot) }

    mutating func addToSKU(_ number: SKUNumber, unitsOrdered: Int64, unitsCancelled: Int64, revenue: Int64, in currency: Currency)
    {
        addToSKU(
            row: number.index, slot: slot(of: currency), unitsOrdered: unitsOrdered, unitsCancelled: unitsCancelled,
            revenue: revenue)
    }

    /// Adds to sku row `row`, `revenue` in currency slot `slot`.
    mutating func addToSKU(row: Int, slot: Int, unitsOrdered: Int64, unitsCancelled: Int64, revenue: Int64) {
        if row >= skuCount { growSKUs(to: row + 1) }
        let base = row * skuStride
        let dense = slot < Self.denseSlots
        let carried = skus.withUnsafeMutableBufferPointer { rows in
            rows[base] &+= unitsOrdered
            rows[base + 1] &+= unitsCancelled
            guard dense else { return false }
            rows[base + 2] |= 1 << slot
            return Self.add(revenue, to: &rows[base + 3 + slot])
        }
        if carried { skuCarries[Self.key(row, slot), default: 0] += revenue > 0 ? 1 : -1 }
        if !dense { skuOverflow[Self.key(row, slot), default: 0] += Int128(revenue) }
    }

    /// Adds a stored customer row into row `row` (an import reads the rows it folds into so,
    /// into rows at zero): its counts, and each of its amounts, exactly.
    mutating func add(_ totals: CustomerTotals, toCustomer row: Int) {
        addToCustomer(
            row: row, slot: -1, orders: totals.orders, openOrders: totals.openOrders, cancelled: totals.cancelled, net: 0)
        for (currency, amount) in totals.net.entries {
            let slot = self.slot(of: currency)
            Self.add(
                amount, row: row, slot: slot, to: &customers, stride: customerStride, fixed: 3, overflow: &customerOverflow,
                carries: &customerCarries)
        }
    }

    /// Adds a stored sku row into row `row`, as `add(_:toCustomer:)`.
    mutating func add(_ totals: SKUTotals, toSKU row: Int) {
        if row >= skuCount { growSKUs(to: row + 1) }
        skus[row * skuStride] &+= totals.unitsOrdered
        skus[row * skuStride + 1] &+= totals.unitsCancelled
        for (currency, amount) in totals.revenue.entries {
            let slot = self.slot(of: currency)
            Self.add(
                amount, row: row, slot: slot, to: &skus, stride: skuStride, fixed: 2, overflow: &skuOverflow,
                carries: &skuCarries)
        }
    }

    mutating func revenue(_ key: RevenueKey, _ update: (inout RevenueTotals) -> Void) {
        let slot = Int(truncatingIfNeeded: (key.currency.packed &* 0x9E37_79B1) >> 28)
        if recentRevenue[slot].key != key || recentRevenue[slot].row < 0 {
            let row =
                revenueIndex[key]
                ?? {
                    revenueIndex[key] = revenueRows.count
                    revenueRows.append(RevenueTotals())
                    revenueKeys.append(key)
                    return revenueRows.count - 1
                }()
            recentRevenue[slot] = (key, row)
        }
        update(&revenueRows[recentRevenue[slot].row])
    }

    mutating func statuses(_ update: (inout StatusCounts) -> Void) {
        update(&statusCounts)
    }

    /// The slot of `currency`; a new one within `denseSlots` widens every row by one amount.
    mutating func slot(of currency: Currency) -> Int {
        let slot = slots.slot(of: currency)
        if slot >= width, slot < Self.denseSlots { widen(to: slot + 1) }
        return slot
    }

    private mutating func growCustomers(to count: Int) {
        Self.grow(&customers, by: (count - customerCount) * customerStride, hugePages: hugePages)
        customerCount = count
    }

    private mutating func growSKUs(to count: Int) {
        Self.grow(&skus, by: (count - skuCount) * skuStride, hugePages: hugePages)
        skuCount = count
    }

    /// Appends `more` zeros to `rows`, room grown by doubling (as an array grows), onto huge pages
    /// if `hugePages`: rows that outgrow their expected count (an import's) are read at random too.
    private static func grow(_ rows: inout [Int64], by more: Int, hugePages: Bool) {
        if hugePages, rows.count + more > rows.capacity {
            rows.reserveCapacityOnHugePages(max(rows.count + more, 2 * rows.capacity))
        }
        rows.append(contentsOf: repeatElement(0, count: more))
    }

    /// Gives every row `newWidth` amounts (the new ones at 0).
    private mutating func widen(to newWidth: Int) {
        customers = Self.relaid(
            customers, rows: customerCount, fixed: 4, from: width, to: newWidth, room: max(customerCount, expectedCustomers),
            hugePages: hugePages)
        skus = Self.relaid(
            skus, rows: skuCount, fixed: 3, from: width, to: newWidth, room: max(skuCount, expectedSKUs), hugePages: hugePages)
        width = newWidth
    }

    /// `rows` rows of `fixed + from` values laid out again as rows of `fixed + to`.
    private static func relaid(_ old: [Int64], rows: Int, fixed: Int, from: Int, to: Int, room: Int, hugePages: Bool)
        -> [Int64]
    {
        var new: [Int64] = []
        if hugePages { new.reserveCapacityOnHugePages(room * (fixed + to)) } else { new.reserveCapacity(room * (fixed + to)) }
        for row in 0..<rows {
            let start = row * (fixed + from)
            new.append(contentsOf: old[start..<(start + fixed + from)])
            new.append(contentsOf: repeatElement(0, count: to - from))
        }
        return new
    }

    /// Adds the rows of another share of the log's orders (folding is additive), slot by slot
    /// through the currencies' codes, since each thread numbers the currencies it meets in its own order.
    mutating func merge(_ other: consuming ReplayRows) {
        let slotOf = other.slots.codes.map { slot(of: Currency(packed: $0)) }
        if other.customerCount > customerCount { growCustomers(to: other.customerCount) }
        if other.skuCount > skuCount { growSKUs(to: other.skuCount) }
        Self.add(
            other.customers, rows: other.customerCount, fixed: 3, from: other.width, into: &customers, stride: customerStride,
            slotOf: slotOf, overflow: &customerOverflow, carries: &customerCarries)
        Self.add(
            other.skus, rows: other.skuCount, fixed: 2, from: other.width, into: &skus, stride: skuStride, slotOf: slotOf,
            overflow: &skuOverflow, carries: &skuCarries)
        let customerExtras =
            other.customerOverflow.map { ($0.key, $0.value) } + other.customerCarries.map { ($0.key, Int128($0.value) << 64) }
        for (key, amount) in customerExtras {
            Self.add(
                amount, overflowKey: key, slotOf: slotOf, to: &customers, stride: customerStride, fixed: 3,
                overflow: &customerOverflow, carries: &customerCarries)
        }
        let skuExtras = other.skuOverflow.map { ($0.key, $0.value) } + other.skuCarries.map { ($0.key, Int128($0.value) << 64) }
        for (key, amount) in skuExtras {
            Self.add(
                amount, overflowKey: key, slotOf: slotOf, to: &skus, stride: skuStride, fixed: 2, overflow: &skuOverflow,
                carries: &skuCarries)
        }
        for (key, row) in zip(other.revenueKeys, other.revenueRows) { revenue(key) { $0.merge(row) } }
        statusCounts.merge(other.statusCounts)
    }

    /// Adds `rows` rows of `fixed` counts, a mask and `from` amounts from `source` into `target`,
    /// whose rows are `stride` long, each amount into the slot `slotOf` gives its own (the
    /// source's carries are added apart).
    private static func add(
        _ source: [Int64], rows: Int, fixed: Int, from width: Int, into target: inout [Int64], stride: Int, slotOf: [Int],
        overflow: inout [UInt64: Int128], carries: inout [UInt64: Int64]
    ) {
        let sourceStride = fixed + 1 + width
        source.withUnsafeBufferPointer { source in
            target.withUnsafeMutableBufferPointer { target in
                for row in 0..<rows {
                    let start = row * sourceStride
                    let base = row * stride
                    for field in 0..<fixed { target[base + field] &+= source[start + field] }
                    let mask = source[start + fixed]
                    guard mask != 0 else { continue }
                    for slot in 0..<width where mask & 1 << slot != 0 {
                        let amount = source[start + fixed + 1 + slot]
                        let mine = slotOf[slot]
                        if mine < denseSlots {
                            target[base + fixed] |= 1 << mine
                            if add(amount, to: &target[base + fixed + 1 + mine]) {
                                carries[key(row, mine), default: 0] += amount > 0 ? 1 : -1
                            }
                        } else {
                            overflow[key(row, mine), default: 0] += Int128(amount)
                        }
                    }
                }
            }
        }
    }

    /// Adds an amount another share kept apart from its dense slots (past them, or its carries,
    /// as multiples of 2^64): `key` is its row and its slot.
    private static func add(
        _ amount: Int128, overflowKey key: UInt64, slotOf: [Int], to rows: inout [Int64], stride: Int, fixed: Int,
        overflow: inout [UInt64: Int128], carries: inout [UInt64: Int64]
    ) {
        add(
            amount, row: Int(key >> 32), slot: slotOf[Int(key & 0xFFFF_FFFF)], to: &rows, stride: stride, fixed: fixed,
            overflow: &overflow, carries: &carries)
    }

    /// Adds `amount` to row `row`'s amount in slot `mine`, exactly: past `denseSlots` to `overflow`,
    /// else wrapped into the slot, the multiples of 2^64 counted in `carries`.
    private static func add(
        _ amount: Int128, row: Int, slot mine: Int, to rows: inout [Int64], stride: Int, fixed: Int,
        overflow: inout [UInt64: Int128], carries: inout [UInt64: Int64]
    ) {
        guard mine < denseSlots else {
            overflow[Self.key(row, mine), default: 0] += amount
            return
        }
        rows[row * stride + fixed] |= 1 << mine
        // The low 64 bits wrap into the slot as any amount does; the high ones are carries.
        let low = Int64(truncatingIfNeeded: amount)
        var high = Int64(truncatingIfNeeded: (amount - Int128(low)) >> 64)
        if add(low, to: &rows[row * stride + fixed + 1 + mine]) { high += low > 0 ? 1 : -1 }
        if high != 0 { carries[Self.key(row, mine), default: 0] += high }
    }

    /// Where the customer rows' storage starts (tests check which pages it asks for).
    var customerStorageAddress: UInt { customers.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }

    /// How many customer and sku rows there are (numbered from 0).
    var customerRows: Int { customerCount }
    var skuRows: Int { skuCount }

    /// Customer `row` as a read model row.
    func customer(_ row: Int) -> CustomerTotals {
        let base = row * customerStride
        var totals = CustomerTotals()
        totals.orders = customers[base]
        totals.openOrders = customers[base + 1]
        totals.cancelled = customers[base + 2]
        totals.net = amounts(customers, mask: base + 3, row: row, overflow: customerOverflow, carries: customerCarries)
        return totals
    }

    /// Sku `row` as a read model row.
    func sku(_ row: Int) -> SKUTotals {
        let base = row * skuStride
        var totals = SKUTotals()
        totals.unitsOrdered = skus[base]
        totals.unitsCancelled = skus[base + 1]
        totals.revenue = amounts(skus, mask: base + 2, row: row, overflow: skuOverflow, carries: skuCarries)
        return totals
    }

    /// Whether every amount is in a row's slots (none past `denseSlots`, no carry): then rows are
    /// encoded straight from the slots, otherwise through `customer(_:)` and `sku(_:)`.
    private var encodesFromSlots: Bool {
        slots.codes.count <= Self.denseSlots && customerCarries.isEmpty && skuCarries.isEmpty
    }

    /// The slots in the order of their currencies (the order a row's amounts are encoded in).
    var slotsInCurrencyOrder: [Int] {
        slots.codes.indices.sorted { Currency(packed: slots.codes[$0]) < Currency(packed: slots.codes[$1]) }
    }

    /// The size of customer (or sku) `row` encoded as `ReadModelCodec` lays it out.
    func encodedSize(customer row: Int) -> Int {
        guard encodesFromSlots else { return ReadModelCodec.size(of: customer(row)) }
        return ReadModelCodec.size(fields: 3, currencies: customers[row * customerStride + 3].nonzeroBitCount)
    }

    func encodedSize(sku row: Int) -> Int {
        guard encodesFromSlots else { return ReadModelCodec.size(of: sku(row)) }
        return ReadModelCodec.size(fields: 2, currencies: skus[row * skuStride + 2].nonzeroBitCount)
    }

    /// Encodes customer (or sku) `row` as `ReadModelCodec` lays it out, its amounts in the slots'
    /// `order` (`slotsInCurrencyOrder`), without making a `CustomerTotals` but past `denseSlots`.
    func encode(customer row: Int, order: [Int], into buffer: UnsafeMutableRawBufferPointer) {
        guard encodesFromSlots else { return ReadModelCodec.encode(customer(row), into: buffer) }
        Self.encode(customers, from: row * customerStride, fields: 3, order: order, codes: slots.codes, into: buffer)
    }

    func encode(sku row: Int, order: [Int], into buffer: UnsafeMutableRawBufferPointer) {
        guard encodesFromSlots else { return ReadModelCodec.encode(sku(row), into: buffer) }
        Self.encode(skus, from: row * skuStride, fields: 2, order: order, codes: slots.codes, into: buffer)
    }

    private static func encode(
        _ rows: [Int64], from base: Int, fields: Int, order: [Int], codes: [UInt32], into buffer: UnsafeMutableRawBufferPointer
    ) {
        let mask = rows[base + fields]
        ReadModelCodec.encode(fields: rows[base..<(base + fields)], currencies: mask.nonzeroBitCount, into: buffer) { add in
            for slot in order where mask & 1 << slot != 0 { add(codes[slot], rows[base + fields + 1 + slot]) }
        }
    }

    /// The revenue rows, by key.
    var revenueByKey: [RevenueKey: RevenueTotals] { Dictionary(uniqueKeysWithValues: zip(revenueKeys, revenueRows)) }

    /// The orders per status.
    var statusTotals: StatusCounts { statusCounts }

    /// The rows as `InMemoryReadModels`.
    func finished() -> InMemoryReadModels {
        var models = InMemoryReadModels()
        models.customers = (0..<customerCount).map(customer)
        models.skus = (0..<skuCount).map(sku)
        models.revenue = revenueByKey
        models.statusCounts = statusCounts
        return models
    }

    /// The amounts of row `row`, whose mask of slots is `rows[mask]` with its amounts right after
    /// it (and their `carries`), and those of its slots past `denseSlots` in `overflow`.
    private func amounts(_ rows: [Int64], mask: Int, row: Int, overflow: [UInt64: Int128], carries: [UInt64: Int64])
        -> CurrencyAmounts
    {
        var amounts = CurrencyAmounts()
        for slot in 0..<width where rows[mask] & 1 << slot != 0 {
            let carry = carries.isEmpty ? 0 : Int128(carries[Self.key(row, slot)] ?? 0) << 64
            amounts.add(Int128(rows[mask + 1 + slot]) + carry, to: Currency(packed: slots.codes[slot]))
        }
        for slot in Self.denseSlots..<max(Self.denseSlots, slots.codes.count) {
            if let amount = overflow[UInt64(row) << 32 | UInt64(slot)] {
                amounts.add(amount, to: Currency(packed: slots.codes[slot]))
            }
        }
        return amounts
    }
}
