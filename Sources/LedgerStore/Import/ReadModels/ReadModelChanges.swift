internal import LedgerDomain

/// The read model changes of one chunk's events, in seq order, as the applying thread decides
/// them (`record`), for `ReadModelFoldingThread`'s thread to fold (`ReadModelCache.fold`) while the chunks
/// are written: the fold's random reads and writes of rows no longer lengthen the applying
/// thread, which bounded the import on batches with many customers and skus.
struct ReadModelChanges: Sendable {
    private var changes: [ReadModelChange] = []
    /// The lines of each change, back to back in the changes' order.
    private var lines: [EventLine] = []

    /// How many changes are recorded.
    var count: Int { changes.count }

    /// Records the fold of `event`, whose order went from `before` (`nil` for `placed`) to
    /// `after`; `placedLines` are the lines of the order's `placed` event (read by `cancelled`).
    mutating func record(_ event: OrderEvent, before: OrderState?, after: OrderState, placedLines: [EventLine]) {
        let added: [EventLine] =
            switch event.kind {
            case .placed: event.lines
            case .cancelled: placedLines
            default: []
            }
        lines.append(contentsOf: added)
        changes.append(
            ReadModelChange(
                amount: event.amount, day: event.at.day, customer: after.customer, currency: after.currency,
                lineCount: UInt32(added.count), kind: event.kind, before: before?.status, after: after.status))
    }

    /// Takes the room of `spare`, a chunk written and committed (`PreparedChunk.reuseRoom`: arrays
    /// still shared, with a fold not done yet, are left to their holder).
    mutating func reuseRoom(of spare: inout ReadModelChanges) {
        PreparedChunk.reuse(&changes, from: &spare.changes)
        PreparedChunk.reuse(&lines, from: &spare.lines)
    }

    /// Calls `body` with each change and its lines, in order; `ahead` sees each change and its
    /// lines `distance` changes earlier (to prefetch what the change will touch).
    func forEach(
        prefetching distance: Int, ahead: (ReadModelChange, ArraySlice<EventLine>) -> Void,
        _ body: (ReadModelChange, ArraySlice<EventLine>) -> Void
    ) {
        var seen = 0
        var seenLines = 0
        var line = 0
        for index in changes.indices {
            while seen < min(index + distance + 1, changes.count) {
                let change = changes[seen]
                let end = seenLines + Int(change.lineCount)
                ahead(change, lines[seenLines..<end])
                seen += 1
                seenLines = end
            }
            let change = changes[index]
            let end = line + Int(change.lineCount)
            body(change, lines[line..<end])
            line = end
        }
    }
}
