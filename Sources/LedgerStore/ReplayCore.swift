internal import LMDB
public import LedgerDomain

/// Replays the log: one read transaction, one cursor pass in seq order, events decoded from the
/// memory map and folded with the same `OrderService.evolve` and `ReadModelFold` as the importer,
/// into arrays indexed by dense numbers. It also checks the log's invariants as it goes.
public struct ReplayCore {
    private let store: LedgerStore
    private let service: any OrderDeciding

    public init(store: LedgerStore, service: any OrderDeciding = OrderService()) {
        self.store = store
        self.service = service
    }

    /// Replays every event; `progress` gets the number of events replayed now and then.
    public func replay(progress: (Int) -> Void = { _ in }) throws -> ReplayedLedger {
        try store.read { ledger in try replay(in: ledger, progress: progress) }
    }

    /// Replays the log as `ledger` sees it (a read snapshot, or the write transaction of a rebuild).
    func replay(in ledger: LedgerTransaction, progress: (Int) -> Void) throws -> ReplayedLedger {
        var replayed = ReplayedLedger()
        var placedLines: [[EventLine]] = []
        var expectedSeq: UInt64 = 1
        var problems: [String] = []  // apart from `replayed`, which `fold` holds inout
        func problem(_ text: String) {
            if problems.count < 1_000 { problems.append(text) }
        }
        try ledger.txn.withCursor(store.databases.log) { cursor in
            var entry = try cursor.first()
            while let current = entry {
                let seq = BigEndianKey64.decode(current.key)
                if seq != expectedSeq { problem("the log jumps from seq \(expectedSeq - 1) to \(seq)") }
                expectedSeq = seq + 1
                let decoded: DecodedEvent
                do {
                    decoded = try EventCodec.decode(current.value)
                } catch {
                    problem("seq \(seq) does not decode: \(error)")
                    entry = try cursor.next()
                    continue
                }
                fold(decoded, seq: seq, into: &replayed, placedLines: &placedLines, problem: problem)
                replayed.headSeq = seq
                if seq & 0xFFFFF == 0 { progress(Int(seq)) }
                entry = try cursor.next()
            }
        }
        progress(Int(replayed.headSeq))
        replayed.problems = problems
        return replayed
    }

    private func fold(
        _ decoded: DecodedEvent, seq: UInt64, into replayed: inout ReplayedLedger, placedLines: inout [[EventLine]],
        problem: (String) -> Void
    ) {
        let event = decoded.event
        let index = event.order.index
        if event.kind == .placed {
            guard index == replayed.orders.count else {
                return problem("seq \(seq) places order number \(index), expected \(replayed.orders.count)")
            }
            guard event.version == 1, decoded.previousSeq == 0 else {
                return problem("seq \(seq) places an order at version \(event.version)")
            }
            replayed.orderIDs.append(decoded.names.order ?? "")
            if let customer = decoded.names.customer {
                if event.customer.index != replayed.customerIDs.count {
                    problem("seq \(seq) names customer number \(event.customer.index), expected \(replayed.customerIDs.count)")
                }
                replayed.customerIDs.append(customer)
            }
            replayed.skuIDs.append(contentsOf: decoded.names.skus)
            let after = service.evolve(nil, event)
            replayed.orders.append(after)
            replayed.lastSeqs.append(seq)
            placedLines.append(event.lines)
            replayed.customerOrders.append((event.customer, event.order))
            ReadModelFold.apply(event, before: nil, after: after, placedLines: event.lines, to: &replayed.readModels)
            return
        }
        guard index < replayed.orders.count else {
            return problem("seq \(seq) is a \(event.kind) event of order number \(index), which was never placed")
        }
        let before = replayed.orders[index]
        if event.version != before.version + 1 {
            problem("seq \(seq): order \(replayed.orderIDs[index]) jumps from version \(before.version) to \(event.version)")
        }
        if decoded.previousSeq != replayed.lastSeqs[index] {
            problem("seq \(seq): order \(replayed.orderIDs[index])'s stream points back to \(decoded.previousSeq), not \(replayed.lastSeqs[index])")
        }
        let after = service.evolve(before, event)
        replayed.orders[index] = after
        replayed.lastSeqs[index] = seq
        ReadModelFold.apply(
            event, before: before, after: after, placedLines: event.kind == .cancelled ? placedLines[index] : [],
            to: &replayed.readModels)
    }
}
