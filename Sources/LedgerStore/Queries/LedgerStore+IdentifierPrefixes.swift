internal import LMDB
internal import LedgerDomain

/// The ids a shell completes from the store (`orders show O-1<Tab>`).
extension LedgerStore {
    /// The order ids that start with `prefix`, in byte order, at most `limit`.
    public func orderIDs(startingWith prefix: String, limit: Int) throws -> [String] {
        try identifiers(ids: \.orderIDs, names: \.orderNames, startingWith: prefix, limit: limit)
    }

    /// The customer ids that start with `prefix`, in byte order, at most `limit`.
    public func customerIDs(startingWith prefix: String, limit: Int) throws -> [String] {
        try identifiers(ids: \.customerIDs, names: \.customerNames, startingWith: prefix, limit: limit)
    }

    private func identifiers(
        ids: LedgerTransaction.Table, names: LedgerTransaction.Table, startingWith prefix: String, limit: Int
    ) throws -> [String] {
        let wanted = Array(prefix.utf8)
        return try read { ledger in
            var found: [String] = []
            try ledger.forEachIDInKeyOrder(ids: ids, names: names) { id, _ in
                let matches = id.count >= wanted.count && id.prefix(wanted.count).elementsEqual(wanted)
                // Ids come in byte order: past the ones with the prefix, none follows.
                guard matches else { return found.isEmpty }
                found.append(String(decoding: id, as: UTF8.self))
                return found.count < limit
            }
            return found
        }
    }
}
