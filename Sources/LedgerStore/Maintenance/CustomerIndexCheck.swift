/// Verify's check of the customer→orders index, key by key in key order: a key is right when
/// its order has that customer, and keys ascend, so each right key is a different order. A key
/// not above every one before it lists an order again (it is counted once).
struct CustomerIndexCheck {
    /// How many keys were right.
    private(set) var listed = 0
    private var highest: UInt64?

    /// Checks the next key against each order's customer number, `customers`, adding to `found`
    /// when it is wrong.
    mutating func check(_ key: UInt64, customers: UnsafeBufferPointer<UInt32>, _ found: inout Differences) {
        let order = Int(key & 0xFFFF_FFFF)
        if highest.map({ key > $0 }) ?? true, order < customers.count, customers[order] == UInt32(key >> 32) {
            listed += 1
        } else {
            found.add("the customer index lists an order the log does not give that customer")
        }
        highest = max(highest ?? key, key)
    }
}
