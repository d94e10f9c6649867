internal import CPrefetch

/// Read model rows by dense number (customers, skus), loaded from the store the first time one
/// numbered near them is folded into (`loadBlock` at a time), and then changed in place: a row is
/// never copied out and back, and there is no optional around it (which made the compiler copy a
/// whole row several times per event).
///
/// Point-wise (`LookupMode`), the rows are held in the order they were met, each loaded alone, and
/// found by number through `positions`: a small import into a large store holds the rows it
/// touches, not an array as long as the store's numbers.
struct DenseRows<Row> {
    private var rows: [Row] = []
    /// Point-wise: where each row met is held in `rows`, by number; `nil`: `rows` is indexed by number.
    private var positions: [Int: Int]?
    /// The rows updated, to write back.
    private var changed = NumberSet()
    /// The blocks of `loadBlock` numbers whose stored rows are in `rows`.
    private var loadedBlocks = NumberSet()

    /// Row numbers read from the store together, the first time one of them is folded into: one
    /// walk of the pages that hold them, where reading each row alone searched the tree and, once
    /// the import's budget of mapped pages had dropped its page, mapped the page again for every
    /// row on it (as `OrderStates.loadBlock`).
    static var loadBlock: Int { 1 << 10 }

    /// `lookups`: whether rows are read by blocks into an array by number, or one by one.
    init(lookups: LookupMode = .loaded) {
        positions = lookups == .pointwise ? [:] : nil
    }

    /// Forgets every row.
    mutating func removeAll() {
        rows = []
        if positions != nil { positions = [:] }
        changed.removeAll()
        loadedBlocks.removeAll()
    }

    /// Applies `update` to row `index`. The rows numbered below `stored` may be in the store:
    /// the first time one of a block of them is met, `load` is called with the block's numbers
    /// (below `stored`) and a function that puts a stored row in place. The other rows start as
    /// `empty`.
    // Inlined into the fold, whose closures then cost nothing per event; the point-wise path stays apart.
    @inline(__always)
    mutating func update(
        _ index: Int, empty: @autoclosure () -> Row, stored: Int, load: (ClosedRange<Int>, (Int, Row) -> Void) -> Void,
        _ update: (inout Row) -> Void
    ) {
        if positions != nil { return updatePointwise(index, empty: empty(), stored: stored, load: load, update) }
        if index >= rows.count { grow(to: index + 1, empty()) }
        let block = index / Self.loadBlock
        if index < stored, !loadedBlocks.contains(block) {
            loadedBlocks.insert(block)
            let numbers = block * Self.loadBlock...min((block + 1) * Self.loadBlock, stored) - 1
            if numbers.upperBound >= rows.count { grow(to: numbers.upperBound + 1, empty()) }
            load(numbers) { number, row in
                if numbers.contains(number) { rows[number] = row }
            }
        }
        changed.insert(index)
        update(&rows[index])
    }

    /// `update` point-wise: row `index` where it was put when first met, or else appended, and
    /// loaded alone when numbered below `stored`.
    @inline(never)
    private mutating func updatePointwise(
        _ index: Int, empty: Row, stored: Int, load: (ClosedRange<Int>, (Int, Row) -> Void) -> Void,
        _ update: (inout Row) -> Void
    ) {
        let position: Int
        if let held = positions![index] {
            position = held
        } else {
            position = rows.count
            rows.append(empty)
            positions![index] = position
            if index < stored {
                load(index...index) { number, row in
                    if number == index { rows[position] = row }
                }
            }
        }
        changed.insert(index)
        update(&rows[position])
    }

    /// Room for rows up to `count`, the new ones `empty`.
    private mutating func grow(to count: Int, _ empty: Row) {
        // Grown by doubling, as an array grows, onto huge pages: rows are read at random.
        if count > rows.capacity { rows.reserveCapacityOnHugePages(max(count, 2 * rows.capacity)) }
        rows.append(contentsOf: repeatElement(empty, count: count - rows.count))
    }

    /// Starts bringing in row `index`, if it is held (a hint, see `ImportPrefetch`).
    func prefetch(_ index: Int) {
        guard positions == nil, index < rows.count else { return }
        rows.withUnsafeBufferPointer { rows in
            let row = UnsafeRawPointer(rows.baseAddress! + index)
            for offset in stride(from: 0, to: MemoryLayout<Row>.size, by: 64) { cprefetch_for_write(row + offset) }
            cprefetch_for_write(row + MemoryLayout<Row>.size - 1)
        }
    }

    /// Row `index`, which was updated.
    subscript(index: Int) -> Row { rows[positions?[index] ?? index] }

    /// The indexes of the rows updated, ascending.
    var updated: NumberSet { changed }
}
