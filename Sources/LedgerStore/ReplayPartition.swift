internal import LedgerDomain

/// The share of a replay that one thread folds: the orders whose number modulo `count` is
/// `index` (`count` is a power of two). Every thread reads the whole log; the first one also
/// checks the log as a whole (seq and numbering) and gathers the names.
struct ReplayPartition: Sendable {
    let index: Int
    let count: Int
    private let shift: Int

    /// Partition `index` of `count`, a power of two.
    init(_ index: Int, of count: Int) {
        precondition(count > 0 && count & (count - 1) == 0 && index < count, "partitions come in powers of two")
        self.index = index
        self.count = count
        shift = count.trailingZeroBitCount
    }

    static let whole = ReplayPartition(0, of: 1)

    var checksWholeLog: Bool { index == 0 }

    @inline(__always) func owns(_ order: OrderNumber) -> Bool { order.index & (count - 1) == index }

    /// The position of `order` among this partition's orders.
    @inline(__always) func position(of order: OrderNumber) -> Int { order.index >> shift }
}
