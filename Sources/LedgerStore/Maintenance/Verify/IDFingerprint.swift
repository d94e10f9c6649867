internal import LedgerDomain

/// A sum over pairs of an id and its dense number, each pair hashed (`IdentifierHash`, salted with
/// the number), and how many pairs were added: sums add in any order, so the pairs an `…_ids`
/// database holds, walked in id order, and those the log names, taken in number order, give the
/// same fingerprint when they are the same pairs. A difference in any pair changes the sum but
/// with a chance of 2^-64 (two different sets of pairs summing alike); verify then compares them
/// pair by pair to name the differences.
struct IDFingerprint: Equatable {
    private(set) var count = 0
    private(set) var sum: UInt64 = 0

    /// Fixed, so that a fingerprint does not depend on the process (it is never stored).
    private static let seed: UInt64 = 0x6964_7320_6669_6E67

    /// Adds the pair of `id` and `number`.
    @inline(__always)
    mutating func add(_ id: UnsafeRawBufferPointer, number: Int) {
        count += 1
        sum &+= IdentifierHash.of(id, seed: Self.seed ^ UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15)
    }
}
