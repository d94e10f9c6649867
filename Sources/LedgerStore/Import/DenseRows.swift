internal import CPrefetch

/// Read model rows by dense number (customers, skus), each loaded from the store the first time
/// it is folded into, and then changed in place: a row is never copied out and back, and there is
/// no optional around it (which made the compiler copy a whole row several times per event).
struct DenseRows<Row> {
    private var rows: [Row] = []
    private var loaded: [Bool] = []

    /// Forgets every row.
    mutating func removeAll() {
        rows = []
        loaded = []
    }

    /// Applies `update` to row `index`, first loaded with `load` (or `empty`, if the store has none).
    mutating func update(_ index: Int, empty: @autoclosure () -> Row, load: () -> Row?, _ update: (inout Row) -> Void) {
        if index >= rows.count {
            // Grown by doubling, as an array grows, onto huge pages: rows are read at random.
            if index >= rows.capacity { rows.reserveCapacityOnHugePages(max(index + 1, 2 * rows.capacity)) }
            let added = index + 1 - rows.count
            rows.append(contentsOf: repeatElement(empty(), count: added))
            loaded.append(contentsOf: repeatElement(false, count: added))
        }
        if !loaded[index] {
            if let stored = load() { rows[index] = stored }
            loaded[index] = true
        }
        update(&rows[index])
    }

    /// Starts bringing in row `index`, if it is held (a hint, see `ImportPrefetch`).
    func prefetch(_ index: Int) {
        guard index < rows.count else { return }
        rows.withUnsafeBufferPointer { rows in
            let row = UnsafeRawPointer(rows.baseAddress! + index)
            for offset in stride(from: 0, to: MemoryLayout<Row>.size, by: 64) { cprefetch_for_write(row + offset) }
            cprefetch_for_write(row + MemoryLayout<Row>.size - 1)
        }
    }

    /// Row `index`, which was updated.
    subscript(index: Int) -> Row { rows[index] }

    /// The indexes of the rows updated (every row loaded was), ascending.
    var updated: some Sequence<Int> { loaded.indices.lazy.filter { [loaded] in loaded[$0] } }
}
