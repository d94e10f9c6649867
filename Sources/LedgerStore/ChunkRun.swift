internal import LedgerDomain

/// Applies records of one batch in write transactions, a chunk at a time. `apply` may be re-run
/// (the environment retries after growing the map): it starts by putting the reader back.
struct ChunkRun {
    let reader: any BatchReader
    let digest: [UInt8]
    let file: String
    let decoder: CommandDecoder
    let service: any OrderDeciding

    /// Applies up to `limit` records after `before`; marks the import finished at the file's end.
    func apply(_ ledger: LedgerTransaction, from before: ImportProgress, limit: Int, atomic: Bool) throws -> ChunkOutcome {
        if let stored = try ledger.importProgress(digest), stored != before {
            throw ConcurrentImport(progress: stored)
        }
        if reader.position != before.next { try reader.seek(to: before.next) }
        var progress = before
        var rejected: [RejectedRecord] = []
        var seq = try ledger.headSeq() + 1
        var orders = OrderCache(capacity: min(limit, 1 << 16))
        var count = 0
        var reachedEnd = false
        while count < limit {
            guard let record = try reader.next() else {
                reachedEnd = true
                break
            }
            count += 1
            progress.records += 1
            let outcome = record.content.flatMap(decoder.decode)
            switch outcome {
            case .failure(let rejection):
                progress.rejected += 1
                rejected.append(RejectedRecord(file: file, line: record.line, rejection: rejection, raw: Array(record.raw)))
            case .success(let command):
                if let commandID = command.commandID, try !ledger.claimCommand(commandID, seq: seq) {
                    progress.duplicates += 1
                    continue
                }
                if let rejection = try append(command, seq: seq, ledger, orders: &orders) {
                    if let commandID = command.commandID { try ledger.releaseCommand(commandID) }
                    progress.rejected += 1
                    rejected.append(RejectedRecord(file: file, line: record.line, rejection: rejection, raw: Array(record.raw)))
                    continue
                }
                progress.accepted += 1
                if progress.firstSeq == 0 { progress.firstSeq = seq }
                progress.lastSeq = seq
                seq += 1
            }
        }
        try orders.flush(to: ledger)
        progress.next = reader.position
        progress.finished = reachedEnd
        if atomic, progress.rejected > 0 { throw AtomicRollback(progress: progress, rejected: rejected) }
        try ledger.putImportProgress(digest, progress)
        return ChunkOutcome(progress: progress, rejected: rejected)
    }

    /// Decides `command` against the order's current state; appends its event or returns the rejection.
    private func append(
        _ command: Command, seq: UInt64, _ ledger: LedgerTransaction, orders: inout OrderCache
    ) throws -> Rejection? {
        let existing = try orders.order(command.orderID, in: ledger)
        let decision: Decision
        switch service.decide(command, current: existing?.state) {
        case .failure(let rejection): return rejection
        case .success(let accepted): decision = accepted
        }
        let event: OrderEvent
        var names = NameDefinitions()
        let number: OrderNumber
        switch command.action {
        case .place(let placement):
            number = try ledger.defineOrder(command.orderID)
            names.order = command.orderID.rawValue
            let (customer, newCustomer) = try ledger.intern(customer: placement.customer)
            if newCustomer { names.customer = placement.customer.rawValue }
            var lines: [EventLine] = []
            lines.reserveCapacity(placement.lines.count)
            for line in placement.lines {
                let (sku, newSku) = try ledger.intern(sku: line.sku)
                if newSku { names.skus.append(line.sku.rawValue) }
                lines.append(EventLine(sku: sku, quantity: UInt32(line.quantity), unitPrice: line.unitPrice))
            }
            event = OrderEvent(
                kind: .placed, order: number, version: 1, at: command.at, amount: decision.amount,
                customer: customer, currency: placement.currency, lines: lines)
        default:
            guard let existing else { preconditionFailure("decide accepts only a place for a missing order") }
            number = existing.number
            let note: String? = switch command.action {
            case .ship(let carrier): carrier
            case .cancel(let reason): reason
            default: nil
            }
            event = OrderEvent(
                kind: decision.kind, order: number, version: existing.state.version + 1, at: command.at,
                amount: decision.amount, note: note)
        }
        try ledger.appendEvent(seq: seq, event, names: names, previousSeq: existing?.lastSeq ?? 0)
        let state = service.evolve(existing?.state, event)
        orders.update(command.orderID, to: StoredOrder(number: number, state: state, lastSeq: seq))
        return nil
    }
}
