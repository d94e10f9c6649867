/// A command id as `commands` stores it from format 6 on: the id's bytes, then 4 bytes
/// (little-endian) of its check (`StoredCheck`, salted with its seq), so that an id changed or
/// moved to another seq is found.
enum CommandIDs {
    static let checkSize = 4

    /// The bytes `id` takes stored.
    static func storedSize(of id: UnsafeRawBufferPointer) -> Int { id.count + checkSize }

    /// The check of `id` stored under `seq`.
    static func check(_ id: UnsafeRawBufferPointer, seq: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: StoredCheck.of(id, salt: seq))
    }

    /// Writes `id` and its check into `buffer`, of `storedSize(of: id)` bytes.
    // Safe: the caller reserved `storedSize(of: id)` bytes, all that is written.
    static func store(_ id: UnsafeRawBufferPointer, seq: UInt64, into buffer: UnsafeMutableRawBufferPointer) {
        var writer = ByteWriter(buffer)
        writer.write(bytes: id)
        writer.write(check(id, seq: seq))
    }

    /// The id in `value`, stored under `seq`, or `nil` when the value fails its check.
    // Safe: the id and its check lie inside `value`, whose length is checked first; the id
    // returned borrows `value`'s bytes and lives no longer than they do.
    static func id(in value: UnsafeRawBufferPointer, seq: UInt64) -> UnsafeRawBufferPointer? {
        guard value.count > checkSize else { return nil }
        let id = UnsafeRawBufferPointer(rebasing: value[..<(value.count - checkSize)])
        let stored = UInt32(littleEndian: value.loadUnaligned(fromByteOffset: id.count, as: UInt32.self))
        return stored == check(id, seq: seq) ? id : nil
    }
}
