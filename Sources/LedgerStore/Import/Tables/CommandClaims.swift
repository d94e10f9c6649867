internal import LMDB
internal import LedgerDomain

/// Command ids with the seqs they were accepted at, in seq order, as flat bytes: keeping,
/// trimming and handing on a chunk's claims copies bytes, not one `String` per id.
struct CommandClaims: Sendable {
    private(set) var seqs: [UInt64] = []
    private var bytes: [UInt8] = []
    /// Id `i` ends at `ends[i]` in `bytes`.
    private var ends: [Int] = []

    var count: Int { seqs.count }

    /// Adds the claim of `id` at `seq`, later than every claim held.
    mutating func append(_ id: UnsafeRawBufferPointer, seq: UInt64) {
        seqs.append(seq)
        bytes.append(contentsOf: id)
        ends.append(bytes.count)
    }

    /// Drops the latest claim.
    mutating func removeLast() {
        seqs.removeLast()
        ends.removeLast()
        bytes.removeSubrange((ends.last ?? 0)...)
    }

    /// Keeps only the claims at seqs after `first` and up to `last`.
    mutating func keep(after first: UInt64, through last: UInt64) {
        while let latest = seqs.last, latest > last { removeLast() }
        let dropped = seqs.firstIndex { $0 > first } ?? seqs.count
        guard dropped > 0 else { return }
        bytes.removeFirst(ends[dropped - 1])
        let shift = ends[dropped - 1]
        seqs.removeFirst(dropped)
        ends.removeFirst(dropped)
        for index in ends.indices { ends[index] -= shift }
    }

    /// Takes the room of `spare`'s claims, for claims of its size (`PreparedChunk.reuseRoom`);
    /// the claims held are dropped.
    mutating func reuseRoom(of spare: inout CommandClaims) {
        self = CommandClaims()
        PreparedChunk.reuse(&seqs, from: &spare.seqs)
        PreparedChunk.reuse(&bytes, from: &spare.bytes)
        PreparedChunk.reuse(&ends, from: &spare.ends)
    }

    /// Appends the claims of `other` at seqs after `seq` (each later than every claim held).
    mutating func append(_ other: CommandClaims, after seq: UInt64) {
        var first = other.count
        while first > 0, other.seqs[first - 1] > seq { first -= 1 }
        let start = first == 0 ? 0 : other.ends[first - 1]
        let shift = bytes.count - start
        seqs.append(contentsOf: other.seqs[first...])
        bytes.append(contentsOf: other.bytes[start...])
        ends.append(contentsOf: other.ends[first...].lazy.map { $0 + shift })
    }

    /// Calls `body` with the id claimed at `seq`, if there is one.
    func withID<R>(at seq: UInt64, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        guard let index = lastIndex(of: seq) else { return nil }
        return try withID(index, body)
    }

    /// Calls `body` with claim `index`'s id.
    func withID<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let start = index == 0 ? 0 : ends[index - 1]
        return try bytes.withUnsafeBytes { try body(.init(rebasing: $0[start..<ends[index]])) }
    }

    /// Whether claim `index`'s id is `id`.
    func matches(_ index: Int, _ id: UnsafeRawBufferPointer) -> Bool {
        withID(index) { $0.hasSameBytes(as: id) }
    }

    /// Records every claim in the store's `commands`, and counts them.
    func write(to ledger: LedgerTransaction) throws {
        guard !seqs.isEmpty else { return }
        try ledger.appending(to: \.commands) { commands in
            for index in seqs.indices {
                try withID(index) { try LedgerTransaction.appendCommand($0, seq: seqs[index], to: commands) }
            }
        }
        try ledger.countCommandIDs(adding: seqs.count)
    }

    /// The index of the claim at `seq`.
    func lastIndex(of seq: UInt64) -> Int? {
        var low = 0
        var high = seqs.count
        while low < high {
            let middle = (low + high) / 2
            if seqs[middle] < seq { low = middle + 1 } else { high = middle }
        }
        return low < seqs.count && seqs[low] == seq ? low : nil
    }
}
