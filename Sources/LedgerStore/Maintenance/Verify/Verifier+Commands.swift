internal import LMDB

extension Verifier {
    /// `commands` against the log (format 6): each key a seq whose id passes its check, and the
    /// seqs named those of the events flagged as accepted with a command id. The replay tallied
    /// those (`CommandTally`); only when the tallies differ is the log walked again beside
    /// `commands`, to name the seqs. Its branch keys are checked in the same reading of its pages
    /// (`Transaction.walkCheckingRoutes`).
    static func checkCommands(
        _ replayed: ReplayedLedger, _ ledger: LedgerTransaction, releasing region: MappedRegion?
    ) throws -> [String] {
        guard ledger.databases.checked else { return [] }
        let name = LedgerDatabases.commandsName
        var walk = CommandIDsWalk()
        let misrouted = try ledger.txn.walkCheckingRoutes(ledger.databases.commands, named: name, region: region, limit: listed) {
            walk.add(key: $0, value: $1)
        }
        var found = walk.found
        if walk.tally != replayed.commandIDs { try nameCommandDifferences(ledger, &found) }
        let flagged = replayed.commandIDs.count
        switch Result(catching: { try ledger.countedCommandIDs() }) {
        case .success(let counted) where (counted ?? 0) == flagged: break
        case .success(let counted):
            found.add("meta counts \(counted ?? 0) command ids (key command_ids), the log flags \(flagged)")
        case .failure: found.add("meta's count of command ids (key command_ids) is damaged, the log flags \(flagged)")
        }
        return Self.misrouted(misrouted, in: name) + found.lines
    }

    /// Walks the log beside `commands` and names each seq where they disagree.
    static func nameCommandDifferences(_ ledger: LedgerTransaction, _ found: inout Differences) throws {
        try ledger.withCursor(\.commands) { commands in
            // Safe: `command` points into the map across the scan's callbacks and after them, until
            // `withCursor` returns: the snapshot's pages neither move nor change while it is open.
            var command = try commands.first()
            func commandSeq() -> UInt64? { command.map { BigEndianKey64.decode($0.key) } }
            try ledger.scan(\.log) { entries in
                for entry in entries {
                    let seq = LedgerTransaction.seq(entry.key)
                    while let claimed = commandSeq(), claimed < seq || command?.key.count != 8 {
                        if command?.key.count == 8 {
                            found.add("seq \(claimed) holds a command id, but the log has no event there")
                        }
                        command = try commands.next()
                    }
                    let holds = commandSeq() == seq
                    switch (LedgerSnapshot.carriesCommandID(entry.value), holds) {
                    case (true, false): found.add("seq \(seq) has lost its command id")
                    case (false, true): found.add("seq \(seq) holds a command id, but its event was accepted without one")
                    default: break
                    }
                    if holds { command = try commands.next() }
                }
            }
            while let claimed = commandSeq() {
                if command?.key.count == 8 { found.add("seq \(claimed) holds a command id, but the log has no event there") }
                command = try commands.next()
            }
        }
    }
}
