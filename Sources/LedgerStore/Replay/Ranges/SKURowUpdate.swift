/// One change of a sku row, kept by `StagedRows` until its batch is folded in row order: 24 bytes
/// (units of a line fit 32 bits; a change that does not fit is never staged).
struct SKURowUpdate {
    let revenue: Int64
    let unitsOrdered: Int32
    let unitsCancelled: Int32
    let row: UInt32
    let slot: Int32

    /// `nil` when a value does not fit the narrow fields.
    init?(row: Int, slot: Int, unitsOrdered: Int64, unitsCancelled: Int64, revenue: Int64) {
        guard let row = UInt32(exactly: row), let slot = Int32(exactly: slot),
            let unitsOrdered = Int32(exactly: unitsOrdered), let unitsCancelled = Int32(exactly: unitsCancelled)
        else { return nil }
        self.revenue = revenue
        self.unitsOrdered = unitsOrdered
        self.unitsCancelled = unitsCancelled
        self.row = row
        self.slot = slot
    }
}
