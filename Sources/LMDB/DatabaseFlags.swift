internal import CLMDB

/// How a named database is opened.
public struct DatabaseFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Keys may have several sorted values.
    public static let duplicateSort = DatabaseFlags(rawValue: UInt32(MDB_DUPSORT))
    /// With `duplicateSort`: all values have the same size.
    public static let duplicateFixed = DatabaseFlags(rawValue: UInt32(MDB_DUPFIXED))
}
