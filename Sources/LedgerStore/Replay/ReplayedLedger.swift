internal import LMDB
public import LedgerDomain
internal import LedgerServices

/// Everything a replay of the log derives, in memory, indexed by dense numbers.
public struct ReplayedLedger: Sendable {
    /// Each order's state and latest seq, by order number.
    public let entries: Segmented<ReplayedOrder>
    /// Order states by order number.
    public var orders: LazyMapCollection<Segmented<ReplayedOrder>, OrderState> { entries.lazy.map(\.state) }
    /// The seq of each order's latest event, by order number.
    public var lastSeqs: LazyMapCollection<Segmented<ReplayedOrder>, UInt64> { entries.lazy.map(\.lastSeq) }
    /// The customers, revenue, skus and status rows, as the replay folded them.
    let rows: ReplayRows
    /// The customers, revenue, skus and status read models, made from `rows` (every row converted:
    /// call it once, and only where the read models' own types are needed).
    public func makeReadModels() -> InMemoryReadModels { rows.finished() }
    /// The seq of the last event replayed (0 for an empty log).
    public let headSeq: UInt64
    /// Ids named by the log, by dense number (gathered only when asked for).
    public let orderIDs: NameList
    public let customerIDs: NameList
    public let skuIDs: NameList
    /// Breaks of the log's own invariants found while replaying (empty when it is sound).
    public let problems: [String]
    /// Whether the replay recomputed the hash chain it was given and every link matched, up to
    /// the log's last seq (`ReplayCore.replay(in:…checkingChain:)`).
    let confirmsChain: Bool
    /// The seqs of the events flagged as accepted with a command id (format 6).
    let commandIDs: CommandTally
    /// The first and last key of the leaves of `log` the replay's scans read whole (verify's check
    /// of the log's branch keys reads them from here, not from the leaves again; when asked for).
    let logLeaves: LeafEdges

    /// `confirmingChain`: whether the chain the replay was given ends at its last seq.
    init(_ join: ReplayJoin, confirmingChain: Bool = false) {
        entries = Segmented(join.orders)
        rows = join.rows
        headSeq = join.lastSeq
        orderIDs = join.orderIDs
        customerIDs = join.customerIDs
        skuIDs = join.skuIDs
        problems = join.problems
        confirmsChain = confirmingChain && join.confirmsChain
        commandIDs = join.commandIDs
        logLeaves = join.logLeaves
    }

    public var eventCount: Int { Int(headSeq) }

    /// The ids that name the rows of `model` (empty for revenue and stats, which no id names).
    func names(of model: ReadModelName) -> NameList {
        switch model {
        case .orders: orderIDs
        case .customers: customerIDs
        case .skus: skuIDs
        case .revenue, .stats: NameList()
        }
    }

    /// Each order's customer number, by order number: the orders' entries read once, for 4 bytes
    /// each, where an entry takes 104 (what the customer→orders keys are sorted from,
    /// `customerOrderKeys`).
    var customersOfOrders: [UInt32] {
        var customerOf = [UInt32](repeating: 0, count: entries.count)
        customerOf.withUnsafeMutableBufferPointer { customerOf in
            var number = 0
            for segment in entries.segments {
                segment.withUnsafeBufferPointer { segment in
                    for entry in segment {
                        customerOf[number] = entry.state.customer.rawValue
                        number += 1
                    }
                }
            }
        }
        return customerOf
    }

    /// The keys of the customer→orders index, ascending, from each order's customer number by
    /// order number (`customersOfOrders`): every order under its customer, grouped by a counting
    /// sort (order numbers already ascend within each customer).
    static func customerOrderKeys(_ customerOf: [UInt32]) -> [UInt64] {
        let customers = Int(customerOf.max() ?? 0) + 1
        var next = [Int](repeating: 0, count: customers + 1)
        for customer in customerOf { next[Int(customer) + 1] += 1 }
        for customer in 0..<customers { next[customer + 1] += next[customer] }
        var keys = [UInt64](repeating: 0, count: customerOf.count)
        for (number, customer) in customerOf.enumerated() {
            keys[next[Int(customer)]] =
                LedgerTransaction.customerOrderKey(CustomerNumber(customer), OrderNumber(UInt32(number))).value
            next[Int(customer)] += 1
        }
        return keys
    }
}
