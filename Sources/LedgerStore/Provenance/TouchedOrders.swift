internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// The orders a diff's range touched, handed over one by one in order-id order from the snapshot
/// that folded them. A few are looked up one by one and sorted once; many are picked out of a walk
/// of the id dictionary, whose key order is that order: a lookup descends the tree and a sort
/// compares whole ids, where a step of the walk reads the next entry.
struct TouchedOrders: ChangedOrders {
    let count: Int
    private let fold: ChangeFold
    private let ledger: LedgerTransaction
    /// The orders touched, sorted by id, when they are few (`nil`: walk the id dictionary).
    private let few: [(id: [UInt8], number: Int)]?

    /// The walk of the id dictionary is taken once at least one order in this many is touched.
    private static let walkingShare = 16

    /// The orders `fold` touched, their ids read from `ledger`.
    init(_ fold: ChangeFold, in ledger: LedgerTransaction) throws {
        count = fold.touched
        self.fold = fold
        self.ledger = ledger
        guard count * Self.walkingShare < (try ledger.count(\.orderNames)) else {
            few = nil
            return
        }
        var few: [(id: [UInt8], number: Int)] = []
        few.reserveCapacity(count)
        for number in 0..<(count > 0 ? fold.orders : 0) where fold.isTouched(number) {
            guard let id = try ledger.value(\.orderNames, BigEndianKey32(UInt32(number))) else {
                throw StoreError.corrupt("order number \(number) has no id")
            }
            few.append((Array(id), number))
            if few.count == count { break }
        }
        few.sort { $0.id.lexicographicallyPrecedes($1.id) }
        self.few = few
    }

    func walk(_ body: (TouchedOrder, UnsafeRawBufferPointer) throws -> Void) throws {
        if let few {
            for order in few { try order.id.withUnsafeBytes { try body(fold.touchedOrder(order.number), $0) } }
            return
        }
        var handed = 0
        try ledger.forEachIDInKeyOrder(ids: \.orderIDs, names: \.orderNames) { id, number in
            let index = Int(number)
            if fold.isTouched(index) {
                try body(fold.touchedOrder(index), id)
                handed += 1
            }
            return handed < count
        }
        guard handed == count else {
            throw StoreError.corrupt("\(count - handed) of the orders touched have no id; orders verify lists every problem")
        }
    }
}
