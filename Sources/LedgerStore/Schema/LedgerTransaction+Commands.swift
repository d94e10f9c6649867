internal import LMDB
internal import LedgerDomain

/// The `commands` database (format 3): the seq of the event a command was accepted as
/// (big-endian) → its command id. Claims come in seq order, so every write is an append; the
/// importer finds ids through its `CommandIndex` in memory, never by a search on the id.
extension LedgerTransaction {
    /// The command id accepted as the event at `seq` (borrowed), if that event had one.
    func commandID(at seq: UInt64) throws -> UnsafeRawBufferPointer? {
        try value(\.commands, BigEndianKey64(seq))
    }

    /// Records that the command id `id` was accepted as the event at `seq`, greater than every seq
    /// recorded, through `commands` (an appender to `\.commands`).
    static func appendCommand(_ id: UnsafeRawBufferPointer, seq: UInt64, to commands: TableAppender) throws {
        try commands.append(BigEndianKey64(seq), id)
    }

    /// Calls `body` with each recorded command whose seq lies in `seqs`, in seq order (ids borrowed).
    func forEachCommand(in seqs: ClosedRange<UInt64>, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Void) throws {
        try scan(\.commands, from: BigEndianKey64(seqs.lowerBound)) { entries in
            for entry in entries {
                guard entry.key.count == 8 else {
                    throw StoreError.corrupt("a command is recorded under a key of \(entry.key.count) bytes, not a seq")
                }
                let seq = BigEndianKey64.decode(entry.key)
                guard seq <= seqs.upperBound else { break }
                try body(seq, entry.value)
            }
        }
    }
}
