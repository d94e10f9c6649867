/// One change of a customer row, kept by `StagedRows` until its batch is folded in row order:
/// 16 bytes (the counts the fold adds are -1, 0 or 1; one that does not fit is never staged).
struct CustomerRowUpdate {
    let net: Int64
    let row: UInt32
    /// The currency slot of `net` (-1: none).
    let slot: Int8
    let orders: Int8
    let openOrders: Int8
    let cancelled: Int8

    /// `nil` when a value does not fit the narrow fields.
    init?(row: Int, slot: Int, orders: Int64, openOrders: Int64, cancelled: Int64, net: Int64) {
        guard let row = UInt32(exactly: row), let slot = Int8(exactly: slot), let orders = Int8(exactly: orders),
            let openOrders = Int8(exactly: openOrders), let cancelled = Int8(exactly: cancelled)
        else { return nil }
        self.net = net
        self.row = row
        self.slot = slot
        self.orders = orders
        self.openOrders = openOrders
        self.cancelled = cancelled
    }
}
