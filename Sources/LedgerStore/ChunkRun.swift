internal import LedgerDomain

/// Applies parsed records of one batch in a write transaction. `apply` may be re-run (the
/// environment retries after growing the map): it keeps its own state local, and the shared
/// `rows` cache starts over whenever a chunk begins at a head it did not commit.
struct ChunkRun {
    let batch: BatchFile
    let file: String
    /// The batch's record number, `nil` until its first chunk commits (and creates the record).
    let number: UInt64?
    let service: any OrderDeciding
    let known: KnownIdentifiers
    let rows: ReadModelCache
    let rejects: (any RejectsOutput)?
    /// Names this chunk's write to `rejects` (the same when the transaction is retried).
    let chunk: Int

    /// Applies the records of the batches `next` yields, after `before`, and stores the batch's
    /// record, its head key and the rejections with them; the rejections are written to `rejects`
    /// before the transaction commits. Marks the batch finished after its last records.
    func apply(
        _ ledger: LedgerTransaction, from before: StoredBatch, atomic: Bool, next: () throws -> ParsedBatch?
    ) throws -> ChunkOutcome {
        let number: UInt64
        if let existing = self.number {
            guard try ledger.batch(existing) == before else { throw ConcurrentImport() }
            number = existing
        } else {
            number = try ledger.nextBatchNumber()
        }
        var progress = before
        var rejected: [StoredRejection] = []
        let firstSeq = try ledger.headSeq() + 1
        var seq = firstSeq
        var orders = OrderCache(capacity: 1 << 14)
        rows.begin(ledger, head: firstSeq - 1)
        var learned = KnownIdentifiers()
        var hash: BatchHash?
        while let parsed = try next() {
            func reject(_ record: ParsedRecord, _ rejection: Rejection) {
                progress.rejected += 1
                rejected.append(StoredRejection(line: record.line, rejection: rejection, raw: Array(parsed.raw[record.rawRange])))
            }
            for record in parsed.records {
                progress.records += 1
                switch record.outcome {
                case .failure(let rejection):
                    reject(record, rejection)
                case .success(let command):
                    if let commandID = command.commandID, try !ledger.claimCommand(commandID, seq: seq) {
                        progress.duplicates += 1
                        continue
                    }
                    if let rejection = try append(command, seq: seq, ledger, orders: &orders, learned: &learned) {
                        if let commandID = command.commandID { try ledger.releaseCommand(commandID) }
                        reject(record, rejection)
                        continue
                    }
                    progress.accepted += 1
                    if progress.firstSeq == 0 { progress.firstSeq = seq }
                    progress.lastSeq = seq
                    seq += 1
                }
            }
            progress.chainRecords += parsed.records.count
            progress.next = parsed.end
            progress.endsWithLineEnd = parsed.endsWithLineEnd
            progress.finished = parsed.isLast
            hash = parsed.hash
        }
        if let hash { progress.digest = hash.digest }
        FaultInjection.reach(.afterLogAppend)
        try orders.flush(to: ledger)
        if seq > firstSeq { try rows.flush(checkpoint: seq - 1) }
        let records = rejected.map { $0.record(file: file) }
        if atomic, progress.rejected > 0 { throw AtomicRollback(progress: progress, rejected: records) }
        try ledger.putBatch(number, progress, head: batch.head, replacing: self.number == nil ? nil : before)
        for rejection in rejected { try ledger.putRejection(batch: number, rejection) }
        try rejects?.write(records, chunk: chunk)
        FaultInjection.reach(.beforeCommit)
        return ChunkOutcome(number: number, batch: progress, learned: learned, head: seq - 1)
    }

    /// Decides `command` against the order's current state; appends its event or returns the rejection.
    private func append(
        _ command: Command, seq: UInt64, _ ledger: LedgerTransaction, orders: inout OrderCache,
        learned: inout KnownIdentifiers
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
            let customer: CustomerNumber
            if let number = known.customers[placement.customer] ?? learned.customers[placement.customer] {
                customer = number
            } else {
                let (number, isNew) = try ledger.intern(customer: placement.customer)
                if isNew { names.customer = placement.customer.rawValue }
                learned.customers[placement.customer] = number
                customer = number
            }
            var lines: [EventLine] = []
            lines.reserveCapacity(placement.lines.count)
            for line in placement.lines {
                let sku: SKUNumber
                if let number = known.skus[line.sku] ?? learned.skus[line.sku] {
                    sku = number
                } else {
                    let (number, isNew) = try ledger.intern(sku: line.sku)
                    if isNew { names.skus.append(line.sku.rawValue) }
                    learned.skus[line.sku] = number
                    sku = number
                }
                lines.append(EventLine(sku: sku, quantity: UInt32(line.quantity), unitPrice: line.unitPrice))
            }
            event = OrderEvent(
                kind: .placed, order: number, version: 1, at: command.at, amount: decision.amount,
                customer: customer, currency: placement.currency, lines: lines)
            try ledger.indexCustomerOrder(customer, number)
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
        let placedLines = switch event.kind {
        case .placed: event.lines
        case .cancelled: try existing.map(ledger.placedLines(of:)) ?? []
        default: [EventLine]()
        }
        var target = rows  // a class: `inout` passes only the reference
        ReadModelFold.apply(event, before: existing?.state, after: state, placedLines: placedLines, to: &target)
        orders.update(command.orderID, to: StoredOrder(number: number, state: state, lastSeq: seq))
        return nil
    }
}
