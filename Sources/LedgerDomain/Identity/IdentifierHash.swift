/// A fast 64-bit hash of an id's bytes, for the importer's tables in memory, computed by the
/// reading thread as it decodes each id. Its function is stored too: the store's checks and the
/// command index it keeps between imports are made with it (under seeds of their own), so it
/// changes only with the store's format.
/// Eight bytes per multiply, then a final mix so that the low bits (the slot) and the high bits
/// (the tag) both depend on every byte.
///
/// Seeded once per process at random: the tables probe linearly, so ids that share their low bits
/// share a run of slots, and with a fixed function a batch could be made of such ids (40,000 order
/// ids found by trying, with the 16 low bits of their hashes 0, took an import 10 times the CPU of
/// as many other ids, growing with the square of their number). The reading thread that hashes
/// the ids and the tables that look them up are one process's.
public enum IdentifierHash {
    /// This process's seed.
    public static let seed = UInt64.random(in: .min ... .max)

    /// The hash of `bytes` under this process's seed.
    // Inlinable: the decoder hashes every id of a batch with it (BatchFormats, another module).
    @inlinable
    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 { of(bytes, seed: seed) }

    /// The hash of `bytes` under `seed`.
    @inlinable
    public static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var hash: UInt64 = (seed ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            if bytes.count >= 8 {
                // The last 8 bytes at once, read as a big-endian number, less those hashed above:
                // the number the loop below makes of the bytes left, without a branch per byte.
                let last = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
                tail = last & UInt64.max >> (64 - 8 * (bytes.count - offset))
            } else {
                for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
            }
            hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        }
        hash ^= hash >> 31
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 27
        hash &*= 0x94D0_49BB_1331_11EB
        return hash ^ hash >> 31
    }
}
