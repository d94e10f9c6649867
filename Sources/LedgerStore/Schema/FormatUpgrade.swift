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
        // 5 → 6: checks on what verify compares and an import trusts (`addChecks`), and a hash
        // chain of fixed links with a checksum per event, computed again over the log (whose
        // events `addChecks` may have flagged). Read model rows of `Int64` sums are what format
        // 6 writes too while the sums fit.
        FormatUpgrade(from: 5) { ledger in
            try addChecks(ledger)
            try ledger.chainExistingLog()
        },
        // 6 → 7: provenance, kept for the events and batches from here on (the earlier ones'
        // lines were never recorded); its databases are created by the open itself.
        FormatUpgrade(from: 6) { try $0.startProvenance() },
        // 7 → 8: the command index kept between imports; its database, created by the open
        // itself, starts empty, and the next import that meets a command id fills it.
        FormatUpgrade(from: 7) { _ in },
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
}
