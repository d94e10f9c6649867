internal import CChecksum
internal import Crypto

/// One link of the log's hash chain: the digest of everything up to and including a run of seqs.
///
/// `H(n) = SHA-256(H(n−1) ‖ E(first) ‖ … ‖ E(last))` over the events of link n, where `E(s)` is
/// seq `s` (big-endian `UInt64`), the event's length (little-endian `UInt32`) and its stored bytes;
/// `H(0)` is 32 zero bytes. Seq and length make the boundaries between events part of what is
/// hashed, so events cannot be moved, merged or split without changing the digest. Link n covers
/// seqs `(n−1)·span + 1 … n·span` (the last link may end sooner), and the digest at any seq is
/// that of the link it ends, cut there: the digest depends on the events alone (their bytes are
/// a function of the history: ids are numbered in the order the log names them), never on how
/// the log was split into commits (SPEC §10).
// Safe: SHA256 is a value without shared state; `@unchecked` only because Crypto does not mark it.
struct ChainLink: @unchecked Sendable {
    /// The digest before the first event.
    static let genesis = [UInt8](repeating: 0, count: 32)

    /// How many seqs a link covers: a commit that follows an open link hashes its events again,
    /// so a link is short beside a commit; and a link's entry (its digest and a checksum per
    /// event) fits in an LMDB leaf page beside others, so that the chain is a small part of the
    /// store (an entry past half a page takes pages of its own).
    static let span: UInt64 = 256

    /// The checksum of the event stored at `seq` (the CRC-32C of `E(s)`'s seq and bytes, folded
    /// to 16 bits), kept per event beside the link's digest, so that verify names the very event
    /// whose bytes changed. The digest, not the checksum, is what proves a link unchanged.
    static func checksum(seq: UInt64, _ bytes: UnsafeRawBufferPointer) -> UInt16 {
        var key = seq.bigEndian
        let start = withUnsafeBytes(of: &key) { cchecksum_crc32c(0, $0.baseAddress, 8) }
        let crc = cchecksum_crc32c(start, bytes.baseAddress, bytes.count)
        return UInt16(truncatingIfNeeded: crc ^ crc >> 16)
    }

    /// A link's stored value: its digest, then the checksum of each event (little-endian).
    static func value(digest: [UInt8], checksums: [UInt16]) -> [UInt8] {
        var value = digest
        value.reserveCapacity(digest.count + 2 * checksums.count)
        for checksum in checksums { withUnsafeBytes(of: checksum.littleEndian) { value += $0 } }
        return value
    }

    /// The checksums in a link's stored `value`; `nil` for a digest alone (format 5 and older)
    /// or a value of no whole number of checksums.
    static func checksums(in value: UnsafeRawBufferPointer) -> [UInt16]? {
        guard value.count > 32, (value.count - 32) % 2 == 0 else { return nil }
        return stride(from: 32, to: value.count, by: 2).map {
            UInt16(littleEndian: value.loadUnaligned(fromByteOffset: $0, as: UInt16.self))
        }
    }

    private var hasher = SHA256()
    /// Bytes added but not hashed yet (the first `used` of `pending`): the hasher gets them in
    /// runs of up to `run` bytes, not two small updates per event (per-event updates would cost as
    /// much as the hashing). They are copied in with `memcpy`, not appended (a generic append and
    /// a uniqueness check per event would be a noticeable part of a verify's replay).
    private var pending = [UInt8](repeating: 0, count: ChainLink.run)
    private var used = 0
    private static let run = 1 << 16

    /// Starts the link that follows the one whose digest is `previous`.
    init(after previous: [UInt8]) {
        previous.withUnsafeBytes { hasher.update(bufferPointer: $0) }
    }

    /// Starts the link that follows the one whose digest is `previous` in this one's place, its
    /// buffer kept: a log's links are many, and each new buffer would be zeroed first.
    mutating func restart(after previous: [UInt8]) {
        hasher = SHA256()
        previous.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        used = 0
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
