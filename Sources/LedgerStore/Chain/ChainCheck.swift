internal import LMDB
internal import LedgerServices

/// Recomputes the log's hash chain from the stored events and compares it with the stored links
/// and, when given, with a digest recorded earlier (`orders verify --expect`).
///
/// A link covers one commit, so a changed byte is found to the commit: the report names the
/// commit's seqs, the first of which is the earliest seq that can have changed. A missing seq
/// (an event deleted) is named exactly.
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
    /// a time), and `expected` against it.
    /// `region`: the map whose pages to drop as the log is read, once they are over a budget.
    init(
        _ ledger: LedgerTransaction, as extent: Extent = .whole, expected: ChainDigest?, releasing region: MappedRegion? = nil,
        shouldStop: () -> Bool
    ) throws {
        (head, problems) = try Self.check(ledger, as: extent, expected: expected, releasing: region, shouldStop: shouldStop)
    }

    /// The check of a chain whose every link a replay recomputed and found the same
    /// (`ReplayedLedger.confirmsChain`): its head is the last link, and `expected` is checked
    /// against the links.
    init(confirmed chain: StoredChain, expected: ChainDigest?) {
        head =
            chain.ends.last.map { ChainDigest(seq: $0, digest: chain.digests[chain.ends.count - 1]) }
            ?? ChainDigest(seq: 0, digest: ChainLink.genesis)
        problems = Self.confirm(
            expected, head: head, recomputed: expected.flatMap { chain.digest(endingAt: $0.seq) }, problems: [])
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
        let links = try ledger.chainLinks().filter { $0.seq <= extent.chain }
        try ledger.withCursor(\.log) { cursor in
            var entry = try cursor.first()
            var next: UInt64 = 1
            for (end, stored) in links {
                if shouldStop() { throw ReplayInterrupted() }
                var link = ChainLink(after: head.digest)
                let first = next
                while next <= end {
                    guard let current = entry else {
                        return fail("seq \(next) is missing: the log ends at seq \(next - 1), the chain at seq \(end)")
                    }
                    let seq = LedgerTransaction.seq(current.key)
                    guard seq == next else { return fail("seq \(next) is missing: the log goes from seq \(next - 1) to \(seq)") }
                    link.add(seq: seq, current.value)
                    if next & UInt64(ReplayCore.releaseInterval - 1) == 0 {
                        region?.releasePages(ifMappedOver: ReplayCore.mappedBudget)
                    }
                    next += 1
                    entry = try cursor.next()
                }
                let digest = link.digest()
                guard digest == stored else {
                    if first == end { return fail("the bytes of seq \(first) no longer match the chain") }
                    return fail(
                        "the bytes of seqs \(first)–\(end) (one commit) no longer match the chain: "
                            + "the first affected seq is \(first) or a later one of that commit")
                }
                head = ChainDigest(seq: end, digest: digest)
                if expected?.seq == end { recomputed[end] = digest }
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
                expected.seq > head.seq
                    ? "chain: the log's chain ends at seq \(head.seq), before the expected seq \(expected.seq): events were removed"
                    : "chain: no commit ends at seq \(expected.seq), so the digest expected there cannot be confirmed: commits were rewritten, or the seq was not a head"
            )
        } else {
            problems.append("chain: the digest expected at seq \(expected.seq) cannot be confirmed: the chain breaks before it")
        }
        return problems
    }
}
