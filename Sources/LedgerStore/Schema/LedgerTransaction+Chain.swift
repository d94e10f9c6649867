internal import LMDB

/// The log's hash chain (`chain`, format 4): one link per commit that appended events.
extension LedgerTransaction {
    /// How many events one link covers when a whole existing log is chained at once (an upgrade).
    static let upgradeLinkSpan = 1 << 16

    /// The chain's database; only an older store opened read-only lacks it.
    private func chainDatabase() throws -> Database {
        guard let chain = databases.chain else {
            throw StoreError.corrupt("the store has no hash chain (an older format, opened read-only)")
        }
        return chain
    }

    /// Whether the store keeps a hash chain (format 4 and later).
    var hasChain: Bool { databases.chain != nil }

    /// The last link: the seq it ends at and its digest; `nil` before the first commit.
    func chainHead() throws -> (seq: UInt64, digest: [UInt8])? {
        try txn.withCursor(try chainDatabase()) { cursor in
            try cursor.last().map { (BigEndianKey64.decode($0.key), Array($0.value)) }
        }
    }

    /// The last link that ends at or before `seq`; `nil` when none does.
    func chainLink(atOrBefore seq: UInt64) throws -> (seq: UInt64, digest: [UInt8])? {
        try txn.withCursor(try chainDatabase()) { cursor in
            let entry = try cursor.seek(atLeast: BigEndianKey64(seq + 1)) == nil ? try cursor.last() : try cursor.previous()
            return entry.map { (BigEndianKey64.decode($0.key), Array($0.value)) }
        }
    }

    /// Every link in seq order.
    func chainLinks() throws -> [(seq: UInt64, digest: [UInt8])] {
        try txn.withCursor(try chainDatabase()) { cursor in
            cursor.entries().map { (BigEndianKey64.decode($0.key), Array($0.value)) }
        }
    }

    /// Starts the link of a commit whose first event follows `head`; the chain must end there.
    func startChainLink(after head: UInt64) throws -> ChainLink {
        let last = try chainHead()
        guard (last?.seq ?? 0) == head else {
            throw StoreError.corrupt(
                "the hash chain ends at seq \(last?.seq ?? 0) but the log at seq \(head); orders verify says where they part")
        }
        return ChainLink(after: last?.digest ?? ChainLink.genesis)
    }

    /// Stores the link of a commit whose last event is `seq`.
    func putChainLink(endingAt seq: UInt64, _ digest: [UInt8]) throws {
        try txn.put(try chainDatabase(), BigEndianKey64(seq), digest, flags: .append)
    }

    /// Recomputes the chain over the log as it stands, each link ending where a stored one did
    /// (an upgrade that rewrote events: the commits keep their links); events past the last link
    /// take one more. A store with no chain yet is chained as `chainExistingLog` does.
    func rechainLog() throws {
        let ends = try chainLinks().map(\.seq)
        guard !ends.isEmpty else { return try chainExistingLog() }
        var links: [(UInt64, [UInt8])] = []
        var link = ChainLink(after: ChainLink.genesis)
        var next = 0
        var last: UInt64 = 0
        try withCursor(\.log) { cursor in
            for entry in cursor.entries() {
                last = Self.seq(entry.key)
                link.add(seq: last, entry.value)
                while next < ends.count, ends[next] < last { next += 1 }
                if next < ends.count, ends[next] == last {
                    let digest = link.digest()
                    links.append((last, digest))
                    link = ChainLink(after: digest)
                    next += 1
                }
            }
        }
        if links.last?.0 != last, last > 0 { links.append((last, link.digest())) }
        try txn.clear(try chainDatabase())
        for (seq, digest) in links { try putChainLink(endingAt: seq, digest) }
    }

    /// Chains the log as it stands, in links of `upgradeLinkSpan` events (the upgrade to format 4:
    /// the commits that wrote it were not recorded, so the links are cut at fixed counts).
    /// Whatever the chain held before is replaced (an older format has none; this keeps the step
    /// safe to run twice).
    func chainExistingLog() throws {
        try txn.clear(try chainDatabase())
        var previous = ChainLink.genesis
        var link = ChainLink(after: previous)
        var count = 0
        var last: UInt64 = 0
        let links = try withCursor(\.log) { cursor in
            var links: [(UInt64, [UInt8])] = []
            for entry in cursor.entries() {
                last = Self.seq(entry.key)
                link.add(seq: last, entry.value)
                count += 1
                if count == Self.upgradeLinkSpan {
                    previous = link.digest()
                    links.append((last, previous))
                    link = ChainLink(after: previous)
                    count = 0
                }
            }
            if count > 0 { links.append((last, link.digest())) }
            return links
        }
        for (seq, digest) in links { try putChainLink(endingAt: seq, digest) }
    }
}
