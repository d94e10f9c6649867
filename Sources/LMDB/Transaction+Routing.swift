internal import CLMDB

extension Transaction {
    /// The keys of `database` that a walk in key order finds but a lookup from the root does not
    /// (at most `limit` of them): a damaged key on a branch page sends lookups down the wrong
    /// branch while a walk, which moves from leaf to leaf through the parents' slots, still sees
    /// every entry. The branch pages of `name` are read in the map, where `region` says it lies
    /// (`BranchPages`: a touch of each page); where that is not possible, a branch key bounds the
    /// pages on either side of it, so a key it misroutes includes the first or the last key of a
    /// leaf page: the entries are walked and only those keys looked up, two lookups a page, the
    /// pages counted from `region` (without it, addresses are taken as aligned to the page size)
    /// and dropped from it now and then. For read transactions: a write transaction's own pages
    /// are not in the map yet.
    public func unreachableKeys(in database: Database, named name: String, region: MappedRegion?, limit: Int) throws
        -> [[UInt8]]
    {
        if let region, let tree = BranchPages(self, named: name, region: region), let keys = tree.misroutedKeys(limit: limit) {
            return keys
        }
        var pages = MDB_stat()
        try LMDBError.check(mdb_env_stat(mdb_txn_env(handle), &pages), .readEnvironmentInfo)
        let pageSize = UInt(max(pages.ms_psize, 1))
        let start = region?.start ?? 0
        var found: [[UInt8]] = []
        // Safe: the entries and the values `get` returns are borrowed from the map of this
        // transaction, compared and copied inside the walk, never kept past it.
        func check(_ entry: Cursor.Entry) throws {
            guard found.count < limit else { return }
            let looked = try get(database, entry.key)
            if looked?.baseAddress != entry.value.baseAddress { found.append(Array(entry.key)) }
        }
        try withCursor(database) { cursor in
            var page: UInt?
            var previous: Cursor.Entry?
            var walked = 0
            for entry in cursor.entries() {
                // The pages walked are dropped from the map now and then, as a long scan does.
                walked += 1
                if walked & 0x1_FFFF == 0 { region?.releasePages() }
                let address = UInt(bitPattern: entry.key.baseAddress) &- start
                let entryPage = address / pageSize
                if entryPage != page {
                    if let previous { try check(previous) }
                    try check(entry)
                    page = entryPage
                }
                previous = entry
            }
            if let previous { try check(previous) }
        }
        return found
    }

    /// Gives every entry of the database `name` to `visit` in key order, reading its pages in the map once
    /// for both (`BranchPages`), and returns the keys that `unreachableKeys` would. `nil` when its
    /// pages cannot be read so (no `region`, a page that does not fit the layout, a value on a page
    /// of its own): `visit` may have seen some entries by then; walk it and call
    /// `unreachableKeys` instead.
    // Safe: the entries are borrowed from this transaction's map and lent to `visit` only while
    // the walk lasts.
    public func visitCheckingRoutes(
        named name: String, region: MappedRegion?, limit: Int,
        _ visit: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Void
    ) -> [[UInt8]]? {
        guard let region, let tree = BranchPages(self, named: name, region: region) else { return nil }
        return withoutActuallyEscaping(visit) { tree.misroutedKeys(limit: limit, visiting: $0) }
    }
}
