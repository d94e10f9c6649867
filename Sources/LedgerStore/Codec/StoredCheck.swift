internal import LedgerDomain

/// The checks that records of the store carry from format 6 on (a command id in `commands`, a batch
/// record, a checkpoint): a 64-bit hash of the record's bytes under a fixed seed, salted with
/// its key, so that a value changed or moved to another key fails it. Not a defence against
/// someone who means to forge a record, only against damage.
enum StoredCheck {
    /// Fixed, unlike `IdentifierHash.seed`: the checks are stored.
    private static let seed: UInt64 = 0x6F72_6465_7273_0006

    /// The check of `bytes` stored under a key whose number is `salt`.
    static func of(_ bytes: UnsafeRawBufferPointer, salt: UInt64) -> UInt64 {
        IdentifierHash.of(bytes, seed: seed ^ salt &* 0x9E37_79B9_7F4A_7C15)
    }
}
