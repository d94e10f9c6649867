internal import LMDB
internal import LedgerDomain

/// What a replay derives from one range of the log (the rows apart). Events of orders placed before the
/// range are not folded but kept (`deferred`): their orders' states are only known once the
/// parts before are joined.
// Safe: its pointers point into the map of the replay's transactions, which all stay open until the join ends (see `DeferredEvent`).
struct ReplayedPart: @unchecked Sendable {
    /// The first and last seq met in the range (`nil`: no event).
    var firstSeq: UInt64?
    var lastSeq: UInt64?
    /// The number of the first order placed in the range, and the seq that placed it.
    var firstOrder: Int?
    var firstOrderSeq: UInt64 = 0
    /// Each order's state, latest seq and `placed` event, by position from `firstOrder`.
    var orders: [ReplayedOrder] = []
    /// The number of the first customer named in the range, the seq naming it, and how many are named.
    var firstCustomer: Int?
    var firstCustomerSeq: UInt64 = 0
    var customersNamed = 0
    /// Names, by dense number from the first ones named in the range (when asked for).
    var orderIDs = NameList()
    var customerIDs = NameList()
    var skuIDs = NameList()
    var problems: [String] = []
    /// Events of earlier orders, in seq order, left in the map: one list per partition of the
    /// join (`DeferredFold.partition(of:among:)`), so that each thread of the join reads only its own.
    var deferred: [[DeferredEvent]] = []
    /// The seqs of the events flagged as accepted with a command id.
    var commandIDs = CommandTally()
    /// Whether the range's links of the hash chain were recomputed and all match (`ChainRun`).
    var confirmsChain = false
    /// The first and last key of the leaves of `log` the range's scan read whole (when asked for).
    var logLeaves = LeafEdges()
}
