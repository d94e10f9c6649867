internal import LedgerDomain

/// Keys of the `batch_heads` index, which finds the batches a file may start with in one lookup:
/// a batch covering at least `length` (4 KiB) bytes is found by the SHA-256 of its first 4 KiB;
/// a shorter one by its length and its digest (few distinct short lengths, each checked by
/// hashing at most 4 KiB of the file). The batch number ends the key, so equal heads can coexist.
enum BatchHead {
    static let length = 4096

    /// The key of batch `number`, which covers `covered` bytes of a file starting with `head`
    /// (its first min(4 KiB, size) bytes); `digest` is the SHA-256 of the covered bytes.
    static func key(format: RecordFormat, head: [UInt8], covered: UInt64, digest: [UInt8], number: UInt64) -> [UInt8] {
        var key =
            covered >= UInt64(length)
            ? longPrefix(format: format, head: head) : shortPrefix(format: format, covered: Int(covered), digest: digest)
        key.append(contentsOf: withUnsafeBytes(of: number.bigEndian, Array.init))
        return key
    }

    /// The key of batch `number` as its record says (format 6): `headDigest` is the digest the
    /// record keeps of the file's first 4 KiB (`StoredBatch.headDigest(in:)`).
    static func key(of batch: StoredBatch, headDigest: [UInt8], number: UInt64) -> [UInt8] {
        var key =
            batch.next.offset >= UInt64(length)
            ? [tag(batch.format), 1] + headDigest
            : shortPrefix(format: batch.format, covered: Int(batch.next.offset), digest: batch.digest)
        key.append(contentsOf: withUnsafeBytes(of: number.bigEndian, Array.init))
        return key
    }

    /// The key prefix shared by every batch of `format` covering at least 4 KiB that starts with `head`.
    static func longPrefix(format: RecordFormat, head: [UInt8]) -> [UInt8] {
        [tag(format), 1] + head.prefix(length).withUnsafeBytes { BatchHash.of($0) }
    }

    /// The key prefix of every batch of `format` covering `covered` (< 4 KiB) bytes whose SHA-256 is `digest`.
    static func shortPrefix(format: RecordFormat, covered: Int, digest: [UInt8]) -> [UInt8] {
        [tag(format), 0, UInt8(covered >> 8), UInt8(covered & 0xFF)] + digest
    }

    /// The key prefix of every short batch of `format`.
    static func shortStart(format: RecordFormat) -> [UInt8] { [tag(format), 0] }

    static func tag(_ format: RecordFormat) -> UInt8 { format == .csv ? 1 : 2 }
}
