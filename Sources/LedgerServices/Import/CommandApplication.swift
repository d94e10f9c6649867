public import LedgerDomain

/// The import's rules for one command (SPEC §3, §5), over any event log.
public enum CommandApplication {
    /// Applies `command` to `log` as the event at `seq`. A command id accepted before makes it a
    /// duplicate. Otherwise `service` decides against the order's current state; a rejection
    /// gives the command id back. An accepted command is appended as the event recording the
    /// decision (a `place` first interns its order, customer and skus), the order's state evolves
    /// with it, and the log folds it into the read models with the same `ReadModelFold` as a replay.
    // Inlinable so that LedgerStore's import gets a copy specialised for its log: the
    // calls into the log are direct.
    @inlinable
    public static func apply<Log: EventLogWriting>(
        _ command: Log.Request, seq: UInt64, to log: inout Log, service: any OrderDeciding
    ) throws -> CommandOutcome {
        if try !log.claimCommand(of: command, seq: seq) { return .duplicate }
        let existing = try log.order(of: command)
        let decision: Decision
        switch service.decide(command, current: existing?.state) {
        case .failure(let rejection):
            try log.releaseCommand(of: command)
            return .rejected(rejection)
        case .success(let accepted):
            decision = accepted
        }
        let event: OrderEvent
        if command.kind == .place {
            let number = try log.defineOrder(of: command)
            let customer = try log.customerNumber(of: command)
            var lines: [EventLine] = []
            lines.reserveCapacity(command.lineCount)
            for index in 0..<command.lineCount {
                let sku = try log.skuNumber(of: command, line: index)
                let (quantity, unitPrice) = command.line(index)
                lines.append(EventLine(sku: sku, quantity: UInt32(quantity), unitPrice: unitPrice))
            }
            event = OrderEvent(
                recording: decision, of: command, order: number, current: nil, customer: customer, lines: lines)
        } else {
            guard let existing else { preconditionFailure("decide accepts only a place for a missing order") }
            event = OrderEvent(recording: decision, of: command, order: existing.number, current: existing.state)
        }
        let state = service.evolve(existing?.state, event)
        let placedLines: [EventLine] =
            switch event.kind {
            case .placed: event.lines
            case .cancelled: try existing.map { try log.placedLines(of: $0) } ?? []
            default: []
            }
        try log.append(
            event, seq: seq, previousSeq: existing?.lastSeq ?? 0,
            order: StoredOrder(number: event.order, state: state, lastSeq: seq), of: command)
        log.fold(event, before: existing?.state, after: state, placedLines: placedLines)
        return .accepted
    }
}
