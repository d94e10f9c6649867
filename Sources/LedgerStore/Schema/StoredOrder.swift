internal import LedgerDomain

/// An `orders` entry: the order's number, its state, and the seq of its latest event (the head of
/// the back-pointer chain through its stream).
struct StoredOrder {
    let number: OrderNumber
    var state: OrderState
    var lastSeq: UInt64
}
