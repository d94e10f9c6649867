internal import CLMDB
import FoundationEssentials
import Glibc

/// The one error type of the LMDB layer: LMDB's (or the C library's) return code and the
/// operation that returned it. A value: callers decide by `code` and `operation`, never by text.
public struct LMDBError: Error, CustomStringConvertible, Hashable, Sendable {
    /// LMDB's (or the C library's) return code.
    public let code: Int32
    /// What the wrapper was doing when the call failed.
    public let operation: Operation

    public init(code: Int32, operation: Operation) {
        self.code = code
        self.operation = operation
    }

    /// The map is full (`MDB_MAP_FULL`) during `operation`: for a write that cannot be run again
    /// after `Environment.write` grew the map.
    public static func mapFull(during operation: Operation) -> LMDBError {
        LMDBError(code: MDB_MAP_FULL, operation: operation)
    }

    /// LMDB's own text for the code (the C library's for an errno).
    public var message: String { String(cString: mdb_strerror(code)) }

    /// For logs and tests; user-facing words are the caller's to choose.
    public var description: String { "\(operation): \(message)" }

    /// The key was not found (`MDB_NOTFOUND`).
    public var isNotFound: Bool { code == MDB_NOTFOUND }
    /// The key already exists and overwriting was not allowed (`MDB_KEYEXIST`).
    public var isKeyExists: Bool { code == MDB_KEYEXIST }
    /// The memory map is full (`MDB_MAP_FULL`); `Environment.write` grows the map and retries.
    public var isMapFull: Bool { code == MDB_MAP_FULL }
    /// Another process grew the data file past this process's map while another transaction of
    /// this process was open, so no snapshot of the grown file could begin (`MDB_MAP_RESIZED`).
    public var isMapResized: Bool { code == MDB_MAP_RESIZED }
    /// The path does not exist (`ENOENT`).
    public var isMissing: Bool { code == ENOENT }
    /// The data file is damaged or not an LMDB file (`MDB_CORRUPTED`, `MDB_INVALID`,
    /// `MDB_PAGE_NOTFOUND`, `MDB_VERSION_MISMATCH`).
    public var isCorrupted: Bool {
        code == MDB_CORRUPTED || code == MDB_INVALID || code == MDB_PAGE_NOTFOUND || code == MDB_VERSION_MISMATCH
    }
    /// Permission denied (`EACCES`) or a read-only file system (`EROFS`).
    public var isPermissionDenied: Bool { code == EACCES || code == EROFS }
    /// No space left on the device (`ENOSPC`) or the disk quota is used up (`EDQUOT`).
    public var isNoSpace: Bool { code == ENOSPC || code == EDQUOT }
    /// An input/output error (`EIO`); LMDB reports a short write (as on a full disk) so too.
    public var isInputOutput: Bool { code == EIO }
    /// The file system is read-only (`EROFS`).
    public var isReadOnlyFileSystem: Bool { code == EROFS }

    static func check(_ code: Int32, _ operation: @autoclosure () -> Operation) throws(LMDBError) {
        if code != 0 { throw LMDBError(code: code, operation: operation()) }
    }
}
