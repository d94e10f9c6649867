internal import LMDB
internal import LedgerDomain

/// The `commands` database (format 3): the seq of the event a command was accepted as
/// (big-endian) → its command id, followed from format 6 on by its check (`CommandIDs`). Claims
/// come in seq order, so every write is an append; the importer finds ids through its
/// `CommandIndex` in memory, never by a search on the id.
extension LedgerTransaction {
    /// The command id accepted as the event at `seq` (borrowed), if that event had one.
    func commandID(at seq: UInt64) throws -> UnsafeRawBufferPointer? {
        try value(\.commands, BigEndianKey64(seq)).map { value throws(StoreError) in try storedCommandID(value, seq: seq) }
    }

    /// The command id in `value`, stored under `seq`; throws when it fails its check.
    func storedCommandID(_ value: UnsafeRawBufferPointer, seq: UInt64) throws(StoreError) -> UnsafeRawBufferPointer {
        guard databases.checked else { return value }
        guard let id = CommandIDs.id(in: value, seq: seq) else {
            throw StoreError.corrupt("the command id stored for seq \(seq) fails its check (orders verify lists the damage)")
        }
        return id
    }

    /// Records that the command id `id` was accepted as the event at `seq`, greater than every seq
    /// recorded, through `commands` (an appender to `\.commands`).
    static func appendCommand(_ id: UnsafeRawBufferPointer, seq: UInt64, to commands: TableAppender) throws {
        try commands.cursor.append(BigEndianKey64(seq), reserving: CommandIDs.storedSize(of: id)) {
            CommandIDs.store(id, seq: seq, into: $0)
        }
    }

    /// The key in `meta` of how many command ids `commands` holds (format 6).
    static let commandCountKey = "command_ids"

    /// How many command ids `commands` holds as counted apart in `meta` (format 6; `nil`: none).
    func countedCommandIDs() throws -> Int? {
        try value(\.meta, Self.commandCountKey).map { bytes throws(StoreError) in
            guard let count = LittleEndianValue<UInt64>.decode(bytes), count <= UInt64(Int.max) else {
                throw StoreError.corrupt("meta: the count of command ids has \(bytes.count) bytes")
            }
            return Int(count)
        }
    }

    /// Counts `added` more command ids in `meta`.
    func countCommandIDs(adding added: Int) throws {
        try put(\.meta, Self.commandCountKey, LittleEndianValue(UInt64((try countedCommandIDs() ?? 0) + added)))
    }

    /// Throws unless `commands` holds as many entries as `meta` counts (format 6): an import
    /// that trusted a table missing an id would accept that id again.
    func checkCommandCount() throws {
        guard databases.checked else { return }
        let stored = try count(\.commands)
        let counted = try countedCommandIDs() ?? 0
        guard stored == counted else {
            throw StoreError.corrupt(
                "commands: \(stored) command ids are stored, but the store counts \(counted) (orders verify names the seqs)")
        }
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
                try body(seq, try storedCommandID(entry.value, seq: seq))
            }
        }
    }
}
