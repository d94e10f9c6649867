internal import Crypto

/// One link of the log's hash chain: the digest of everything up to and including one commit.
///
/// `H(n) = SHA-256(H(n−1) ‖ E(first) ‖ … ‖ E(last))` over the events of commit n, where `E(s)` is
/// seq `s` (big-endian `UInt64`), the event's length (little-endian `UInt32`) and its stored bytes;
/// `H(0)` is 32 zero bytes. Seq and length make the boundaries between events part of what is
/// hashed, so events cannot be moved, merged or split without changing the digest.
// Safe: SHA256 is a value without shared state; `@unchecked` only because Crypto does not mark it.
struct ChainLink: @unchecked Sendable {
    /// The digest before the first commit.
    static let genesis = [UInt8](repeating: 0, count: 32)

    private var hasher = SHA256()
    /// Bytes added but not hashed yet (the first `used` of `pending`): the hasher gets them in
    /// runs of up to `run` bytes, not two small updates per event (measured: per-event updates
    /// cost as much as the hashing). They are copied in with `memcpy`, not appended (a generic
    /// append and a uniqueness check per event were a twentieth of a verify's replay on `compact`).
    private var pending = [UInt8](repeating: 0, count: ChainLink.run)
    private var used = 0
    private static let run = 1 << 16

    /// Starts the link that follows the one whose digest is `previous`.
    init(after previous: [UInt8]) {
        previous.withUnsafeBytes { hasher.update(bufferPointer: $0) }
    }

    /// Adds the event stored at `seq`.
    mutating func add(seq: UInt64, _ bytes: UnsafeRawBufferPointer) {
        var header = (seq.bigEndian, UInt32(truncatingIfNeeded: bytes.count).littleEndian)
        withUnsafeBytes(of: &header) { put(UnsafeRawBufferPointer(rebasing: $0[0..<12])) }
        put(bytes)
    }

    /// Copies `bytes` after the pending ones, hashing those first if there is no room (and
    /// `bytes` themselves straight away if they are more than a run).
    private mutating func put(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if used + bytes.count > pending.count {
            pending.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<used])) }
            used = 0
            if bytes.count > pending.count { return hasher.update(bufferPointer: bytes) }
        }
        let offset = used
        pending.withUnsafeMutableBytes { ($0.baseAddress! + offset).copyMemory(from: source, byteCount: bytes.count) }
        used += bytes.count
    }

    /// The link's digest.
    func digest() -> [UInt8] {
        var hasher = hasher
        pending.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<used])) }
        return Array(hasher.finalize())
    }
}
