internal import LMDB

/// The log's hash chain (`chain`): one link per `ChainLink.span` seqs, and one open link up to
/// the log's last seq. A link's value is its digest, then the checksum of each of its events
/// (`ChainLink.value`); a store of format 5 or older, opened read-only, has links of a digest
/// alone, one per commit.
extension LedgerTransaction {
    /// The chain's database; only an older store opened read-only lacks it.
    private func chainDatabase() throws -> Database {
        guard let chain = databases.chain else {
            throw StoreError.corrupt("the store has no hash chain (an older format, opened read-only)")
        }
        return chain
    }

    /// Whether the store keeps a hash chain (format 4 and later).
    var hasChain: Bool { databases.chain != nil }

    /// A link's seq and digest, from its entry.
    private static func link(_ entry: (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)) throws -> (
        seq: UInt64, digest: [UInt8]
    ) {
        guard entry.key.count == 8, entry.value.count >= 32 else {
            throw StoreError.corrupt(
                "a link of the hash chain has a key of \(entry.key.count) bytes and \(entry.value.count) bytes")
        }
        return (BigEndianKey64.decode(entry.key), Array(entry.value.prefix(32)))
    }

    /// The last link: the seq it ends at and its digest; `nil` before the first commit.
    func chainHead() throws -> (seq: UInt64, digest: [UInt8])? {
        try txn.withCursor(try chainDatabase()) { cursor in try cursor.last().map(Self.link) }
    }

    /// The last link that ends at or before `seq`; `nil` when none does.
    func chainLink(atOrBefore seq: UInt64) throws -> (seq: UInt64, digest: [UInt8])? {
        try txn.withCursor(try chainDatabase()) { cursor in
            let entry = try cursor.seek(atLeast: BigEndianKey64(seq + 1)) == nil ? try cursor.last() : try cursor.previous()
            return try entry.map(Self.link)
        }
    }

    /// The digest of the history up to `seq` (`ChainLink`: the link that ends there, or the one
    /// that holds it hashed again from the link before it up to `seq`, read from the log);
    /// `nil` when the chain or the log ends before `seq`.
    func chainDigest(at seq: UInt64) throws -> [UInt8]? {
        guard seq > 0 else { return ChainLink.genesis }
        let before = try chainLink(atOrBefore: seq)
        if before?.seq == seq { return before?.digest }
        guard let last = try chainHead(), last.seq > seq else { return nil }
        var link = ChainLink(after: before?.digest ?? ChainLink.genesis)
        var next = (before?.seq ?? 0) + 1
        try scan(\.log, from: BigEndianKey64(next)) { entries in
            for entry in entries where next <= seq {
                guard Self.seq(entry.key) == next else { return }
                link.add(seq: next, entry.value)
                next += 1
            }
        }
        return next == seq + 1 ? link.digest() : nil
    }

    /// Every link in seq order.
    func chainLinks() throws -> [(seq: UInt64, digest: [UInt8])] {
        try txn.withCursor(try chainDatabase()) { cursor in try cursor.entries().map(Self.link) }
    }

    /// Every link in seq order, the first and last key of the leaves the walk reads whole kept in
    /// `edges` (for verify's check of the chain's branch keys, which then reads only its branch pages).
    func chainLinks(keepingEdgesIn edges: inout LeafEdges) throws -> [(seq: UInt64, digest: [UInt8])] {
        try txn.withCursor(try chainDatabase()) { cursor in
            var links: [(seq: UInt64, digest: [UInt8])] = []
            for entry in cursor.entries() {
                edges.see(entry.key)
                links.append(try Self.link(entry))
            }
            edges.endWalk()
            return links
        }
    }

    /// The checksums of the events of the link that ends at `seq`, in seq order; `nil` when that
    /// link keeps none (an older format's) or no link ends there.
    func chainChecksums(endingAt seq: UInt64) throws -> [UInt16]? {
        guard let value = try txn.get(try chainDatabase(), BigEndianKey64(seq)) else { return nil }
        return ChainLink.checksums(in: value)
    }

    /// Stores the link that ends at `seq` (its digest and checksums: `ChainLink.value`).
    func putChainLink(endingAt seq: UInt64, _ value: [UInt8]) throws {
        try txn.put(try chainDatabase(), BigEndianKey64(seq), value, flags: .append)
    }

    /// Removes the open link that ends at `seq` (a commit extends it and stores it again).
    func removeChainLink(endingAt seq: UInt64) throws {
        _ = try txn.delete(try chainDatabase(), BigEndianKey64(seq))
    }

    /// Chains the log as it stands (an upgrade: in formats 4 and 5 the links were one per
    /// commit, before format 4 there were none). Whatever the chain held before is replaced.
    func chainExistingLog() throws {
        try txn.clear(try chainDatabase())
        var writer = try ChainWriter(self, after: 0)
        try withCursor(\.log) { cursor in
            for entry in cursor.entries() { writer.add(seq: Self.seq(entry.key), entry.value) }
        }
        try writer.store(in: self)
    }
}
