/// How many seqs hold a command id, and a sum of a mix of each such seq: what a replay counts of
/// the events flagged as accepted with a command id, and what verify counts of the keys of
/// `commands`. Equal tallies say the two name the same seqs; sums add in any order, so each range
/// of a replay counts its own and the join adds them.
struct CommandTally: Equatable, Sendable {
    private(set) var count = 0
    private(set) var sum: UInt64 = 0

    /// Counts `seq`.
    @inline(__always)
    mutating func add(_ seq: UInt64) {
        count += 1
        var mixed = seq &* 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 32
        sum &+= mixed
    }

    /// Counts what `other` counted.
    mutating func add(_ other: CommandTally) {
        count += other.count
        sum &+= other.sum
    }
}
