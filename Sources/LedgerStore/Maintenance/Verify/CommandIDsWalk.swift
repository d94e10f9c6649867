internal import LMDB

/// What a walk of `commands` finds, an entry at a time: each key a seq whose id passes its check,
/// the seqs tallied (`CommandTally`) to be compared with those the log flags.
struct CommandIDsWalk {
    /// The keys that are no seq and the ids that fail their check.
    var found = Differences("commands")
    private(set) var tally = CommandTally()

    /// Checks the entry `key`, `value` of `commands`.
    mutating func add(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        guard key.count == 8 else { return found.add("key \(Verifier.describe(key)) is not a seq") }
        let seq = BigEndianKey64.decode(key)
        tally.add(seq)
        if CommandIDs.id(in: value, seq: seq) == nil { found.add("seq \(seq): its command id fails its check") }
    }
}
