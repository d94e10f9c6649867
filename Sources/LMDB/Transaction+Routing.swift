internal import CLMDB

extension Transaction {
    /// The keys of `database` that a walk in key order finds but a lookup from the root does not
    /// (at most `limit` of them): a damaged key on a branch page sends lookups down the wrong
    /// branch while a walk, which moves from leaf to leaf through the parents' slots, still sees
    /// every entry. A branch key bounds the pages on either side of it, so a key it misroutes
    /// includes the first or the last key of a leaf page: only those are looked up, two lookups a
    /// page. `region`: where the data file is mapped, from which the pages are counted; without it,
    /// addresses are taken as aligned to the page size; the pages walked are dropped from it now and then.
    public func unreachableKeys(in database: Database, region: MappedRegion?, limit: Int) throws -> [[UInt8]] {
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
}
