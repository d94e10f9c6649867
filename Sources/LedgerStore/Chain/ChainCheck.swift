internal import LMDB
internal import LedgerServices

/// Recomputes the log's hash chain from the stored events and compares it with the stored links
/// and, when given, with a digest recorded earlier (`orders verify --expect`).
///
/// A link that no longer matches is searched for the first event whose checksum differs from
/// the one kept beside the link (`ChainLink.checksum`): the report names that seq. Only when no
/// checksum tells (a link of an older format, or a change the checksums cannot see) does it
/// name the link's seqs. A missing seq (an event deleted) is named exactly.
struct ChainCheck {
    /// The recomputed chain at the last link that matched (seq 0 and the genesis digest before any).
    let head: ChainDigest
    /// What does not match, each line starting with `chain:`.
    let problems: [String]

    /// How much of the log and the chain a snapshot saw: their last seqs.
    struct Extent: Sendable {
        let log: UInt64
        let chain: UInt64

        /// Everything the snapshot checked sees.
        static let whole = Extent(log: .max, chain: .max)

        init(log: UInt64, chain: UInt64) {
            self.log = log
            self.chain = chain
        }

        /// What `ledger` sees.
        init(_ ledger: LedgerTransaction) throws {
            self.init(log: try ledger.headSeq(), chain: try ledger.chainHead()?.seq ?? 0)
        }
    }

    /// Checks the chain of `ledger`'s log as far as `extent` (a snapshot opened later than the one
    /// that saw `extent` checks what that one sees: the log and the chain only grow, a commit at
    /// a time, and a commit that extended the open link that ended there stored it again further
    /// on: that link is checked to its new end, and the head is its digest where `extent` ends),
    /// and `expected` against it.
    /// `region`: the map whose pages to drop as the log is read, once they are over a budget.
    init(
        _ ledger: LedgerTransaction, as extent: Extent = .whole, expected: ChainDigest?, releasing region: MappedRegion? = nil,
        shouldStop: () -> Bool
    ) throws {
        (head, problems) = try Self.check(ledger, as: extent, expected: expected, releasing: region, shouldStop: shouldStop)
    }

    /// The check of a chain whose every link a replay recomputed and found the same
    /// (`ReplayedLedger.confirmsChain`): its head is the last link, and `expected` is checked
    /// against the digest at its seq, recomputed from the link before it and the log.
    init(confirmed chain: StoredChain, expected: ChainDigest?, in ledger: LedgerTransaction) throws {
        head =
            chain.ends.last.map { ChainDigest(seq: $0, digest: chain.digests[chain.ends.count - 1]) }
            ?? ChainDigest(seq: 0, digest: ChainLink.genesis)
        let recomputed = try expected.flatMap { try ledger.chainDigest(at: $0.seq) }
        problems = Self.confirm(expected, head: head, recomputed: recomputed, problems: [])
    }

    /// Checks the chain on a thread of its own, in a snapshot of its own, as far as `extent`,
    /// while the caller goes on (verify compares meanwhile); `wait` on the thread gives the check.
    /// `region`: as for `init`.
    static func start(
        _ store: LedgerStore, as extent: Extent, expected: ChainDigest?, releasing region: MappedRegion? = nil,
        shouldStop: @escaping @Sendable () -> Bool
    ) -> BackgroundThread<ChainCheck> {
        BackgroundThread {
            try store.read {
                try ChainCheck($0, as: extent, expected: expected, releasing: region, shouldStop: shouldStop)
            }
        }
    }

    private static func check(
        _ ledger: LedgerTransaction, as extent: Extent, expected: ChainDigest?, releasing region: MappedRegion?,
        shouldStop: () -> Bool
    ) throws -> (ChainDigest, [String]) {
        var head = ChainDigest(seq: 0, digest: ChainLink.genesis)
        var problems: [String] = []
        func fail(_ text: String) { problems.append("chain: " + text) }
        var recomputed: [UInt64: [UInt8]] = [0: ChainLink.genesis]
        var links = try ledger.chainLinks()
        if let beyond = links.firstIndex(where: { $0.seq > extent.chain }) {
            let extended = extent.chain % ChainLink.span != 0 && (beyond == 0 || links[beyond - 1].seq != extent.chain)
            links.removeLast(links.count - beyond - (extended ? 1 : 0))
        }
        var atExtent: [UInt8]?
        try ledger.withCursor(\.log) { cursor in
            var entry = try cursor.first()
            var next: UInt64 = 1
            var link = ChainLink(after: head.digest)
            for (end, stored) in links {
                if shouldStop() { throw ReplayInterrupted() }
                link.restart(after: head.digest)
                var checksums: [UInt16] = []
                let first = next
                while next <= end {
                    guard let current = entry else {
                        return fail("seq \(next) is missing: the log ends at seq \(next - 1), the chain at seq \(end)")
                    }
                    let seq = LedgerTransaction.seq(current.key)
                    guard seq == next else { return fail("seq \(next) is missing: the log goes from seq \(next - 1) to \(seq)") }
                    link.add(seq: seq, current.value)
                    checksums.append(ChainLink.checksum(seq: seq, current.value))
                    if expected?.seq == seq { recomputed[seq] = link.digest() }
                    if seq == extent.chain, end > seq { atExtent = link.digest() }
                    if next & UInt64(ReplayCore.releaseInterval - 1) == 0 {
                        region?.releasePages(ifMappedOver: ReplayCore.mappedBudget)
                    }
                    next += 1
                    entry = try cursor.next()
                }
                let digest = link.digest()
                guard digest == stored else {
                    let kept = try ledger.chainChecksums(endingAt: end)
                    if let kept, kept.count == checksums.count,
                        let index = checksums.indices.first(where: { kept[$0] != checksums[$0] })
                    {
                        return fail("the bytes of seq \(first + UInt64(index)) no longer match the chain")
                    }
                    if first == end { return fail("the bytes of seq \(first) no longer match the chain") }
                    return fail(
                        "the bytes of seqs \(first)–\(end) (one link) no longer match the chain: "
                            + "the first affected seq is \(first) or a later one of that link")
                }
                head = ChainDigest(seq: end, digest: digest)
                if end > extent.chain, let atExtent { head = ChainDigest(seq: extent.chain, digest: atExtent) }
            }
            if let entry, LedgerTransaction.seq(entry.key) <= extent.log {
                fail(
                    "seqs \(LedgerTransaction.seq(entry.key)) and after are in the log but not in the chain (it ends at seq \(next - 1))"
                )
            }
        }
        return (head, Self.confirm(expected, head: head, recomputed: recomputed[expected?.seq ?? 0], problems: problems))
    }

    /// `problems`, and what is wrong with `expected` (a digest recorded earlier) if anything, given
    /// the chain's `head` and the digest recomputed at the expected seq (`nil`: no link matched
    /// ends there).
    private static func confirm(_ expected: ChainDigest?, head: ChainDigest, recomputed found: [UInt8]?, problems: [String])
        -> [String]
    {
        guard let expected else { return problems }
        var problems = problems
        if let found {
            if found != expected.digest {
                problems.append(
                    "chain: at seq \(expected.seq) the log gives \(ChainDigest(seq: expected.seq, digest: found).hex), "
                        + "not the \(expected.hex) expected: the history up to seq \(expected.seq) was rewritten")
            }
        } else if problems.isEmpty {
            problems.append(
                "chain: the log's chain ends at seq \(head.seq), before the expected seq \(expected.seq): events were removed")
        } else {
            problems.append("chain: the digest expected at seq \(expected.seq) cannot be confirmed: the chain breaks before it")
        }
        return problems
    }
}
