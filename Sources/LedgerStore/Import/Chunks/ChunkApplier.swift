internal import BatchFormats
internal import LMDB
internal import LedgerDomain
internal import LedgerServices

/// Applies the parsed records of one chunk in memory (`prepare`): the import's tables move on and
/// the chunk's writes and read model changes are collected for `ChunkWriter` and `ReadModelFoldingThread`.
/// The tables are shared by the chunks of one import; a chunk prepared again from the same head
/// (its transaction ran again) first forgets what the earlier try left in them.
struct ChunkApplier {
    let service: any OrderDeciding
    let identifiers: ImportIdentifiers
    let orders: OrderStates
    let commands: CommandIndex
    /// The file pages the process may keep mapped (the binary's included) before the map's pages
    /// are dropped, looked at after each parsed batch (of up to 2,048 records). A drop every few
    /// batches, whatever was mapped, lets the pages that cancels read (their `placed` events,
    /// anywhere in the log, with the pages the kernel maps around each page read) add up to a
    /// higher peak of resident memory, for the same CPU.
    static let mappedBudget = 48 << 20
    /// Records between two looks at `mappedBudget` inside a parsed batch (a power of two). A
    /// resumed import reads the stored state of most orders it meets (and their rows, and the
    /// `placed` events of cancels), each read mapping the pages around it too: looked at only once
    /// per parsed batch, the pages mapped between two looks set the import's peak; looked at this
    /// often, they stay small, and the looks cost no time that shows.
    static let budgetInterval = 64

    /// Applies the records of the batches `next` yields, after `before`, as the events from
    /// `firstSeq` on. `ledger` is a snapshot whose log ends at `visibleHead`; the chunks between it
    /// and `firstSeq` are `earlier` (prepared, not yet committed). Marks the batch finished after
    /// its last records. The map's pages in `region` are dropped once more than `mappedBudget` is
    /// mapped, so that the pages the chunk reads do not add up in resident memory. The chunk's
    /// arrays take the room of `spare` (a chunk written and committed), which is left `nil`.
    func prepare(
        _ ledger: LedgerTransaction, firstSeq: UInt64, visibleHead: UInt64, after before: StoredBatch,
        earlier: [PreparedChunk], reusing spare: inout PreparedChunk?, releasing region: MappedRegion?,
        next: () throws -> ParsedBatch?
    ) throws -> PreparedChunk {
        let head = firstSeq - 1
        orders.begin(ledger, head: head)
        commands.begin(ledger, head: head, visibleHead: visibleHead, read: before.next.offset, releasing: region)
        // The dictionaries catch up with the store only when nothing of this import is pending
        // (point-wise, they read `ledger` whatever).
        try identifiers.begin(ledger, releasing: region, catchingUp: visibleHead == head)
        var chunk = PreparedChunk(firstSeq: firstSeq, progress: before)
        if spare != nil { chunk.reuseRoom(of: &spare!) }
        spare = nil
        var log = ChunkEventLog(
            ledger: ledger, orders: orders, commands: commands, identifiers: identifiers, earlier: earlier,
            chunk: consume chunk)
        var progress = before
        var rejected: [StoredRejection] = []
        var seq = firstSeq
        var hash: BatchHash?
        let prefetch = ImportPrefetch(identifiers: identifiers, commands: commands, orders: orders)
        while let parsed = try next() {
            func reject(_ record: ParsedRecord, _ rejection: Rejection) {
                progress.rejected += 1
                let stored = StoredRejection(
                    line: record.line, rejection: rejection, raw: Array(parsed.text.bytes[record.rawRange]))
                progress.add(stored)
                rejected.append(stored)
            }
            var malformed = parsed.malformed.makeIterator()
            try parsed.text.bytes.withUnsafeBytes { text in
                try parsed.text.lines.withUnsafeBufferPointer { lines in
                    for index in parsed.records.indices {
                        prefetch.ahead(of: index, in: parsed.records, lines: lines)
                        if index & (Self.budgetInterval - 1) == Self.budgetInterval - 1 {
                            region?.releasePages(ifMappedOver: Self.mappedBudget)
                        }
                        let record = parsed.records[index]
                        progress.records += 1
                        guard let decoded = record.command else {
                            guard let rejection = malformed.next() else {
                                preconditionFailure("a malformed record without its rejection")
                            }
                            reject(record, rejection)
                            continue
                        }
                        let command = ParsedCommand(decoded: decoded, text: text, lines: lines)
                        switch try CommandApplication.apply(command, seq: seq, to: &log, service: service) {
                        case .duplicate:
                            progress.duplicates += 1
                        case .rejected(let rejection):
                            reject(record, rejection)
                        case .accepted:
                            log.appended(fromLine: record.line)
                            progress.accepted += 1
                            if progress.firstSeq == 0 { progress.firstSeq = seq }
                            progress.lastSeq = seq
                            seq += 1
                        }
                    }
                }
            }
            // A cancel reads its order's placed event, anywhere in the log: keep those pages from
            // adding up (each release costs faults on the pages read again).
            region?.releasePages(ifMappedOver: Self.mappedBudget)
            progress.chainRecords += parsed.records.count
            progress.next = parsed.end
            progress.endsWithLineEnd = parsed.endsWithLineEnd
            progress.finished = parsed.isLast
            hash = parsed.hash
        }
        if let hash { progress.digest = hash.digest }
        var prepared = log.finished(last: progress.finished)
        prepared.progress = progress
        prepared.rejected = rejected
        return prepared
    }

    /// The chunk was handed on (written, or queued to be) and the log will end at `head`: the
    /// tables keep what it did.
    func handedOn(head: UInt64) {
        identifiers.committed()
        orders.committed(head: head)
        commands.committed(head: head)
    }
}
