internal import LMDB

/// Extends the log's hash chain as a commit appends events. Links cover fixed runs of seqs
/// (`ChainLink.span`), so that the chain depends on the events alone, never on how they were
/// split into commits: a link ends at every multiple of the span, and one open link ends at the
/// log's last seq. A commit that follows an open link reads that link's events from the log
/// again, hashes them anew from the digest before it, and stores the link again where it ends now.
struct ChainWriter {
    private var link: ChainLink
    /// The checksums of the current link's events so far (`ChainLink.checksum`).
    private var checksums: [UInt16] = []
    /// The seq of the last event added.
    private var last: UInt64
    /// The links this commit completed, to store: their last seq, digest and checksums.
    private var completed: [(seq: UInt64, value: [UInt8])] = []
    /// The open link the commit found at the log's end (its entry is stored again by `store`).
    private var reopened: UInt64?

    /// Starts after `head`, where the stored chain must end.
    init(_ ledger: LedgerTransaction, after head: UInt64) throws {
        let stored = try ledger.chainHead()
        guard (stored?.seq ?? 0) == head else {
            throw StoreError.corrupt(
                "the hash chain ends at seq \(stored?.seq ?? 0) but the log at seq \(head); orders verify says where they part")
        }
        last = head
        let start = head - head % ChainLink.span
        guard start < head else {
            link = ChainLink(after: stored?.digest ?? ChainLink.genesis)
            reopened = nil
            return
        }
        let before = try ledger.chainLink(atOrBefore: start)
        guard (before?.seq ?? 0) == start else {
            throw StoreError.corrupt("the hash chain has no link ending at seq \(start); orders verify says what is wrong")
        }
        link = ChainLink(after: before?.digest ?? ChainLink.genesis)
        reopened = head
        last = start
        let checksums = try ledger.chainChecksums(endingAt: head)
        var rehashed = self
        try ledger.scan(\.log, from: BigEndianKey64(start + 1)) { entries in
            for entry in entries {
                let seq = LedgerTransaction.seq(entry.key)
                guard seq <= head else { break }
                guard seq == rehashed.last + 1 else {
                    throw StoreError.damagedLog(seq: rehashed.last + 1, detail: "it is missing")
                }
                rehashed.add(seq: seq, entry.value)
            }
        }
        guard rehashed.last == head else { throw StoreError.damagedLog(seq: head, detail: "it is missing") }
        // The events the open link covered must still be what it says: a damaged one is not
        // hashed into a new link as if it were sound.
        if rehashed.link.digest() != stored?.digest {
            let first = checksums.flatMap { stored in
                rehashed.checksums.indices.first { $0 >= stored.count || stored[$0] != rehashed.checksums[$0] }
            }
            throw StoreError.damagedLog(
                seq: first.map { start + 1 + UInt64($0) },
                detail: first == nil
                    ? "the events of seqs \(start + 1)–\(head) no longer match the hash chain"
                    : "its bytes no longer match the hash chain")
        }
        self = rehashed
    }

    /// Adds the event stored at `seq`, the one after the last added.
    mutating func add(seq: UInt64, _ bytes: UnsafeRawBufferPointer) {
        link.add(seq: seq, bytes)
        checksums.append(ChainLink.checksum(seq: seq, bytes))
        last = seq
        if seq % ChainLink.span == 0 {
            let digest = link.digest()
            completed.append((seq, ChainLink.value(digest: digest, checksums: checksums)))
            link.restart(after: digest)
            checksums.removeAll(keepingCapacity: true)
        }
    }

    /// Stores the links completed and the open one, if any, in place of the open link found.
    func store(in ledger: LedgerTransaction) throws {
        if let reopened { try ledger.removeChainLink(endingAt: reopened) }
        for (seq, value) in completed { try ledger.putChainLink(endingAt: seq, value) }
        if !checksums.isEmpty {
            try ledger.putChainLink(endingAt: last, ChainLink.value(digest: link.digest(), checksums: checksums))
        }
    }
}
