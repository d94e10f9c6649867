/// The links of the log's hash chain as one snapshot stores them, ascending: the seq each link
/// ends at and its digest. A replay that is given them recomputes each link from the digest
/// stored before it (`ChainRun`), so that the ranges of the log are checked apart, as they are
/// folded; if every link matches, the chain recomputed from the start is the stored one.
struct StoredChain: Sendable {
    /// The seq each link ends at, and its digest, by link.
    let ends: [UInt64]
    let digests: [[UInt8]]

    init(_ links: [(seq: UInt64, digest: [UInt8])]) {
        ends = links.map(\.seq)
        digests = links.map(\.digest)
    }

    /// The seq the chain ends at (0: no link).
    var head: UInt64 { ends.last ?? 0 }

    /// Whether the links end at seqs that ascend from 1 or later, as commits do: only such a chain
    /// can be confirmed link by link (any other is checked from the start, as `ChainCheck` does).
    var isOrdered: Bool {
        zip([0] + ends, ends).allSatisfy { $0 < $1 }
    }

    /// The digest the link after link `index - 1` starts from: the genesis before the first.
    func digest(before index: Int) -> [UInt8] {
        index == 0 ? ChainLink.genesis : digests[index - 1]
    }

    /// The digest of the link that ends at `seq` (the genesis at 0; `nil`: no link ends there).
    func digest(endingAt seq: UInt64) -> [UInt8]? {
        guard seq > 0 else { return ChainLink.genesis }
        let link = firstLink(endingAtOrAfter: seq)
        return link < ends.count && ends[link] == seq ? digests[link] : nil
    }

    /// The first link that ends at `seq` or later (`ends.count`: none).
    func firstLink(endingAtOrAfter seq: UInt64) -> Int {
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] < seq { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The largest seq a link ends at within `seqs` (`nil`: none does).
    func lastEnd(in seqs: ClosedRange<UInt64>) -> UInt64? {
        let after = firstLink(endingAtOrAfter: seqs.upperBound &+ 1)
        return after > 0 && seqs.contains(ends[after - 1]) ? ends[after - 1] : nil
    }
}
