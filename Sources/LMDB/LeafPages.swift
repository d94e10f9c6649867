/// The leaf pages of one database in key order, as a read transaction sees it, found from its
/// branch pages alone (`BranchPages.leafPages`), so that walks of ranges of it on any thread
/// (`LeafCursor`) read its leaves in the map instead of stepping an LMDB cursor. Valid while that
/// transaction is open: its pages neither move nor change meanwhile, whatever other transactions
/// of the environment see.
public struct LeafPages: Sendable {
    let tree: BranchPages
    let leaves: [Int]
    /// Each leaf's place in `leaves`, by page number: -1 for a page that is none of them, -2 for
    /// one listed twice (a damaged tree, which a walk leaves to LMDB).
    private let places: [Int32]

    init(_ tree: BranchPages, leaves: [Int]) {
        self.tree = tree
        self.leaves = leaves
        var places = [Int32](repeating: -1, count: tree.pages)
        for (place, page) in leaves.enumerated() where page >= 0 && page < tree.pages && place < Int(Int32.max) {
            places[page] = places[page] == -1 ? Int32(place) : -2
        }
        self.places = places
    }

    /// How many leaves the database has.
    public var count: Int { leaves.count }

    /// The place of the leaf `page` in `leaves`, if it is one of them once.
    func place(of page: Int) -> Int? {
        guard page >= 0, page < places.count, places[page] >= 0 else { return nil }
        return Int(places[page])
    }
}

extension Transaction {
    /// The leaf pages of the database `name` in key order, read from its branch pages in the map
    /// where `region` says it lies (`BranchPages`); `nil` without `region`, for an empty database,
    /// or when a branch page does not fit the layout. For read transactions.
    public func leafPages(named name: String, region: MappedRegion?) -> LeafPages? {
        guard let region, let tree = BranchPages(self, named: name, region: region) else { return nil }
        return tree.leafPages()
    }
}
