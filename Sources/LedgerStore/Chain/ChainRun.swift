/// Recomputes the links of the hash chain that lie in one range of a replay, as its events are
/// folded in seq order, each from the digest stored before it (`StoredChain`). The range is
/// confirmed only if it begins where a link begins, every seq of it comes once in order, and
/// each link it holds ends in it and matches: anything else (a gap, a link cut by the range's
/// end, a digest that differs) leaves it unconfirmed, and verify then checks the chain from the
/// start, as `ChainCheck` does, to say what is wrong.
struct ChainRun {
    private let chain: StoredChain
    private let seqs: ClosedRange<UInt64>
    /// The link the next event belongs to.
    private var next: Int
    /// The link being recomputed (kept from one link to the next: `ChainLink.restart`).
    private var link: ChainLink?
    /// Whether `link` holds events of a link not ended yet.
    private var linkOpen = false
    private var expectedSeq: UInt64
    private var sound: Bool

    /// Checks the links within `seqs` (seq 0 stands for the start of the log).
    init(_ chain: StoredChain, seqs: ClosedRange<UInt64>) {
        self.chain = chain
        self.seqs = seqs
        expectedSeq = max(1, seqs.lowerBound)
        next = chain.firstLink(endingAtOrAfter: expectedSeq)
        sound = next == 0 ? expectedSeq == 1 : chain.ends[next - 1] == expectedSeq - 1
    }

    /// Adds the event stored at `seq`.
    mutating func add(seq: UInt64, _ bytes: UnsafeRawBufferPointer) {
        guard sound else { return }
        guard seq == expectedSeq, next < chain.ends.count else {
            sound = false
            return
        }
        if !linkOpen {
            if link == nil {
                link = ChainLink(after: chain.digest(before: next))
            } else {
                link!.restart(after: chain.digest(before: next))
            }
            linkOpen = true
        }
        link!.add(seq: seq, bytes)
        expectedSeq += 1
        if seq == chain.ends[next] {
            sound = link!.digest() == chain.digests[next]
            linkOpen = false
            next += 1
        }
    }

    /// Whether every event of the range was added and every link in it matched.
    var confirmed: Bool { sound && !linkOpen && expectedSeq == seqs.upperBound &+ 1 }
}
