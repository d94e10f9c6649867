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
    /// are not in the map yet. The leaves whose first and last keys a walk kept (`known`, in this
    /// transaction's map) are not read again.
    public func unreachableKeys(
        in database: Database, named name: String, region: MappedRegion?, limit: Int, knowing known: LeafEdges = LeafEdges()
    ) throws -> [[UInt8]] {
        if let region, let tree = BranchPages(self, named: name, region: region),
            let keys = tree.misroutedKeys(limit: limit, knowing: known)
        {
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

    /// Gives every entry of `database` (named `name`) to `visit` once, in key order, and returns
    /// the keys that `unreachableKeys` would: its pages are read in the map once for both
    /// (`BranchPages`), where `region` says the map lies. Where they cannot be read so (no
    /// `region`, a page that does not fit the layout, a value on a page of its own), the entries
    /// not given yet come from a walk through a cursor (which gives the same entries in the same
    /// order) and the keys from `unreachableKeys`. An error `visit` throws ends the walk.
    // Safe: the entries are borrowed from this transaction's map and lent to `visit` only while
    // the walk lasts.
    public func walkCheckingRoutes(
        _ database: Database, named name: String, region: MappedRegion?, limit: Int,
        _ visit: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> Void
    ) throws -> [[UInt8]] {
        var given = 0
        if let region, let tree = BranchPages(self, named: name, region: region),
            let keys = try tree.misroutedKeys(limit: limit, given: &given, visiting: visit)
        {
            return keys
        }
        try withCursor(database) { cursor in
            var walked = 0
            for entry in cursor.entries() {
                walked += 1
                // The pages walked are dropped from the map now and then, as a long scan does.
                if walked & 0x1_FFFF == 0 { region?.releasePages() }
                if walked > given { try visit(entry.key, entry.value) }
            }
        }
        return try unreachableKeys(in: database, named: name, region: region, limit: limit)
    }
}
