/// What `orders diff` keeps of one order: enough of its state to follow its status, and what its
/// events in range changed. 32 bytes, declared widest first so that nothing pads it: a range's
/// events reach their orders in no particular order, and each costs the misses of reading its
/// entry, which lies in one cache line (`ChangeEntries`). All zeros is an order not placed yet.
struct ChangeEntry {
    /// The order's total less what it has paid: the payment that brings it to 0 makes the order
    /// `paid` (wrapping, so that it is 0 exactly when the paid sum equals the total).
    var unpaid: Int64
    /// What the order's events in range paid and refunded (cancel refunds included).
    var paid: Int64
    var refunded: Int64
    /// How many of its events are in range (0: not touched).
    var events: UInt32
    /// Its currency's place in the fold's list of currencies.
    var currency: UInt16
    /// Its status (`OrderStatus.rawValue`; 0 while it is not placed).
    var status: UInt8
    /// Its status before its first event in range (0: placed in range).
    var statusBefore: UInt8
}
