internal import CLMDB

/// Options of a single `put`.
public struct WriteFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Fail with `isKeyExists` instead of overwriting.
    public static let noOverwrite = WriteFlags(rawValue: UInt32(MDB_NOOVERWRITE))
    /// The key is greater than every key already stored: append without searching.
    public static let append = WriteFlags(rawValue: UInt32(MDB_APPEND))
    /// Replace the value of the entry a cursor is on (`Cursor.put`).
    public static let current = WriteFlags(rawValue: UInt32(MDB_CURRENT))
}
