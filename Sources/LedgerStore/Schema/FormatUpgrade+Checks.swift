internal import LMDB
internal import LedgerServices

extension FormatUpgrade {
    /// The step from format 5 to 6, but the hash chain (computed again after it): every record
    /// that verify checks against another, or that an import trusts, gets what makes it
    /// checkable. Each event accepted with a command id gets the flag that says so, and `meta`
    /// their count; each command id, batch record and checkpoint gets its check; a batch record
    /// gets the count and sum of its stored rejections and its head key's digest.
    static func addChecks(_ ledger: LedgerTransaction) throws {
        try flagCommandIDs(ledger)
        try checkBatchRecords(ledger)
        for name in ReadModelName.allCases {
            guard let bytes = try ledger.value(\.checkpoints, name.rawValue), let seq = LittleEndianValue<UInt64>.decode(bytes)
            else { continue }
            try ledger.put(\.checkpoints, name.rawValue, Checkpoints.value(seq, name: name))
        }
    }

    /// Flags the event of every command id, stores the id with its check and counts the ids in
    /// `meta`.
    private static func flagCommandIDs(_ ledger: LedgerTransaction) throws {
        var commands: [(seq: UInt64, id: [UInt8])] = []
        try ledger.scan(\.commands) { entries in
            for entry in entries {
                guard entry.key.count == 8 else {
                    throw StoreError.corrupt("a command is recorded under a key of \(entry.key.count) bytes, not a seq")
                }
                commands.append((BigEndianKey64.decode(entry.key), Array(entry.value)))
            }
        }
        for command in commands {
            guard var event = try ledger.value(\.log, BigEndianKey64(command.seq)).map(Array.init),
                event.count > EventLayout.flags
            else {
                throw StoreError.corrupt("a command id is recorded for seq \(command.seq), which is not in the log")
            }
            event[EventLayout.flags] |= EventLayout.commandIDFlag
            try ledger.put(\.log, BigEndianKey64(command.seq), event)
            try command.id.withUnsafeBytes { id in
                try ledger.put(\.commands, BigEndianKey64(command.seq), reserving: CommandIDs.storedSize(of: id)) {
                    CommandIDs.store(id, seq: command.seq, into: $0)
                }
            }
        }
        if !commands.isEmpty { try ledger.countCommandIDs(adding: commands.count) }
    }

    /// Rewrites every batch record with its check, its rejections' count and sum, and the digest
    /// its head key holds.
    // Safe: the keys are sliced only where their length was checked (16 bytes, 42 bytes).
    private static func checkBatchRecords(_ ledger: LedgerTransaction) throws {
        guard let databases = ledger.batchDatabases else { return }
        var rejections: [UInt64: (count: Int, sum: UInt64)] = [:]
        var headDigests: [UInt64: [UInt8]] = [:]
        var records: [(number: UInt64, batch: StoredBatch)] = []
        try ledger.txn.withCursor(databases.rejections) { cursor in
            for entry in cursor.entries() where entry.key.count == 16 {
                let batch = BigEndianKey64.decode(entry.key)
                let line = Int(truncatingIfNeeded: BigEndianKey64.decode(UnsafeRawBufferPointer(rebasing: entry.key[8...])))
                let before = rejections[batch] ?? (0, 0)
                rejections[batch] = (before.count + 1, before.sum &+ StoredRejection.check(of: entry.value, line: line))
            }
        }
        try ledger.txn.withCursor(databases.heads) { cursor in
            for entry in cursor.entries() where entry.key.count == 2 + 32 + 8 && entry.key[1] == 1 {
                headDigests[BigEndianKey64.decode(UnsafeRawBufferPointer(rebasing: entry.key[34...]))] = Array(entry.key[2..<34])
            }
        }
        try ledger.txn.withCursor(databases.batches) { cursor in
            for entry in cursor.entries() {
                let number = BigEndianKey64.decode(entry.key)
                var batch = try StoredBatch(decoding: entry.value, number: number, checked: false)
                (batch.storedRejections, batch.rejectionSum) = rejections[number] ?? (0, 0)
                records.append((number, batch))
            }
        }
        for (number, batch) in records {
            let digest = headDigests[number] ?? [UInt8](repeating: 0, count: 32)
            try ledger.txn.put(databases.batches, BigEndianKey64(number), reserving: StoredBatch.size) {
                batch.encode(into: $0, number: number, headDigest: digest)
            }
        }
    }
}
