internal import LMDB

/// One step that brings a store of format `from` to format `from + 1`. A writable open runs every
/// step from the store's format on, in order, in the transaction that creates any missing
/// database and stamps the store with this build's format: a store is upgraded whole or not at all.
struct FormatUpgrade: Sendable {
    let from: UInt32
    let run: @Sendable (LedgerTransaction) throws -> Void

    /// Every step, oldest first; the last one ends at `LedgerStore.formatVersion`.
    static let steps = [
        // 1 → 2: batch records; their databases are created by the open itself.
        FormatUpgrade(from: 1) { _ in },
        // 2 → 3: `commands` keyed by seq instead of by command id.
        FormatUpgrade(from: 2, run: keyCommandsBySeq),
        // 3 → 4: the log's hash chain, computed over the log as it stands.
        FormatUpgrade(from: 3) { try $0.chainExistingLog() },
        // 4 → 5: an import maps its new ids in `…_ids` with the read models, not with each chunk,
        // so `…_ids` may lag `…_names` as far as a read model lags (`indexIDs`); a store of
        // format 4 maps every id, which format 5 allows as it is.
        FormatUpgrade(from: 4) { _ in },
        // 5 → 6: read model sums of `Int128` (the rows are written again in that layout), and a
        // hash chain of fixed links with a checksum per event (computed again over the log).
        FormatUpgrade(from: 5) { ledger in
            try widenReadModelSums(ledger)
            try ledger.chainExistingLog()
        },
    ]

    /// Rewrites `commands` from command id → seq (little-endian) to seq (big-endian) → command id.
    static func keyCommandsBySeq(_ ledger: LedgerTransaction) throws {
        var commands: [(seq: UInt64, id: [UInt8])] = []
        try ledger.scan(\.commands) { entries in
            for entry in entries {
                guard let seq = LittleEndianValue<UInt64>.decode(entry.value) else {
                    throw StoreError.corrupt("a command id maps to \(entry.value.count) bytes, not a seq")
                }
                commands.append((seq, Array(entry.key)))
            }
        }
        commands.sort { $0.seq < $1.seq }
        try ledger.clear(\.commands)
        for command in commands { try ledger.append(\.commands, BigEndianKey64(command.seq), command.id) }
    }

    /// Rewrites every customer, sku and revenue row with `Int128` sums (`ReadModelCodec`). A row
    /// that does not decode is left as it is, for verify to report and a rebuild to mend.
    static func widenReadModelSums(_ ledger: LedgerTransaction) throws {
        let customers = try ledger.scan(\.customers) { entries in
            entries.compactMap { entry in (try? ReadModelCodec.customer(entry.value)).map { (Array(entry.key), $0) } }
        }
        for (key, row) in customers {
            try ledger.put(\.customers, key, reserving: ReadModelCodec.size(of: row)) { ReadModelCodec.encode(row, into: $0) }
        }
        let skus = try ledger.scan(\.skus) { entries in
            entries.compactMap { entry in (try? ReadModelCodec.sku(entry.value)).map { (Array(entry.key), $0) } }
        }
        for (key, row) in skus {
            try ledger.put(\.skus, key, reserving: ReadModelCodec.size(of: row)) { ReadModelCodec.encode(row, into: $0) }
        }
        let revenue = try ledger.scan(\.revenue) { entries in
            entries.compactMap { entry in (try? ReadModelCodec.revenue(entry.value)).map { (Array(entry.key), $0) } }
        }
        for (key, row) in revenue { try ledger.put(\.revenue, key, ReadModelCodec.encode(row)) }
    }
}
