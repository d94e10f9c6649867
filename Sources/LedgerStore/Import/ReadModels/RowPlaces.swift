/// Where an import keeps the read model row of each customer (or sku) number among its rows
/// (`ReplayRows`, whose rows are as wide as the store's currencies), which stored rows it has
/// read, and which rows it changed.
///
/// Loaded (`LookupMode`), a row's place is its number, and stored rows are read the first time
/// one numbered near them is folded into (`loadBlock` at a time). Point-wise, each row met takes
/// the next place and is read alone: a small import into a large store holds the rows it
/// touches, not rows as many as the store's numbers. A stored row is added into its place, which
/// starts at zero: folding is additive, so a row is whole however its adds are ordered.
struct RowPlaces {
    /// Point-wise: the place of each row met, by number; `nil`: a row's place is its number.
    private var positions: [Int: Int]?
    /// The rows updated, to write back.
    private var changed = NumberSet()
    /// The blocks of `loadBlock` numbers whose stored rows were read.
    private var loadedBlocks = NumberSet()

    /// Row numbers read from the store together, the first time one of them is folded into: one
    /// walk of the pages that hold them, where reading each row alone searched the tree and, once
    /// the import's budget of mapped pages had dropped its page, mapped the page again for every
    /// row on it (as `OrderStates.loadBlock`).
    static var loadBlock: Int { 1 << 10 }

    /// `lookups`: whether rows are placed by number and read by blocks, or one by one.
    init(lookups: LookupMode = .loaded) {
        positions = lookups == .pointwise ? [:] : nil
    }

    /// Whether a row's place is its number.
    var byNumber: Bool { positions == nil }

    /// Forgets every row.
    mutating func removeAll() {
        if positions != nil { positions = [:] }
        changed.removeAll()
        loadedBlocks.removeAll()
    }

    /// The place of row `number`, which is listed as updated. The rows numbered below `stored`
    /// may be in the store: the first time one of a block of them is met (point-wise, the row
    /// itself), `load` is called with the numbers to read (below `stored`) and the place of the
    /// first of them (the others follow it), to add each stored row into its place.
    // Inlined into the fold, whose closures then cost nothing per event; the point-wise path stays apart.
    @inline(__always)
    mutating func place(of number: Int, stored: Int, load: (ClosedRange<Int>, _ firstPlace: Int) -> Void) -> Int {
        if positions != nil { return placePointwise(number, stored: stored, load: load) }
        changed.insert(number)
        let block = number / Self.loadBlock
        if number < stored, !loadedBlocks.contains(block) {
            loadedBlocks.insert(block)
            let numbers = block * Self.loadBlock...min((block + 1) * Self.loadBlock, stored) - 1
            load(numbers, numbers.lowerBound)
        }
        return number
    }

    /// `place` point-wise: where row `number` was put when first met, or else the next place,
    /// read alone when numbered below `stored`.
    @inline(never)
    private mutating func placePointwise(
        _ number: Int, stored: Int, load: (ClosedRange<Int>, _ firstPlace: Int) -> Void
    ) -> Int {
        changed.insert(number)
        if let held = positions![number] { return held }
        let place = positions!.count
        positions![number] = place
        if number < stored { load(number...number, place) }
        return place
    }

    /// The place of row `number`, which was updated.
    func placed(_ number: Int) -> Int { positions?[number] ?? number }

    /// The numbers of the rows updated, ascending.
    var updated: NumberSet { changed }
}
