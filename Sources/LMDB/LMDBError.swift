internal import CLMDB

/// The one error type of the LMDB layer: LMDB's return code, its message and what was being done.
public struct LMDBError: Error, CustomStringConvertible, Equatable, Sendable {
    /// LMDB's (or the C library's) return code.
    public let code: Int32
    /// What the wrapper was doing when the call failed, e.g. `"mdb_put"`.
    public let operation: String

    public init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
    }

    /// LMDB's own text for the code.
    public var message: String { String(cString: mdb_strerror(code)) }

    public var description: String { "\(operation): \(message)" }

    /// The key was not found (`MDB_NOTFOUND`).
    public var isNotFound: Bool { code == MDB_NOTFOUND }
    /// The key already exists and overwriting was not allowed (`MDB_KEYEXIST`).
    public var isKeyExists: Bool { code == MDB_KEYEXIST }
    /// The memory map is full (`MDB_MAP_FULL`); `Environment.write` grows the map and retries.
    public var isMapFull: Bool { code == MDB_MAP_FULL }
    /// The path does not exist (`ENOENT`).
    public var isMissing: Bool { code == 2 }
    /// The data file is damaged or not an LMDB file (`MDB_CORRUPTED`, `MDB_INVALID`,
    /// `MDB_PAGE_NOTFOUND`, `MDB_VERSION_MISMATCH`).
    public var isCorrupted: Bool {
        code == MDB_CORRUPTED || code == MDB_INVALID || code == MDB_PAGE_NOTFOUND || code == MDB_VERSION_MISMATCH
    }
    /// Permission denied (`EACCES`) or a read-only file system (`EROFS`).
    public var isPermissionDenied: Bool { code == 13 || code == 30 }
    /// No space left on the device (`ENOSPC`) or the disk quota is used up (`EDQUOT`).
    public var isNoSpace: Bool { code == 28 || code == 122 }
    /// An input/output error (`EIO`); LMDB reports a short write (as on a full disk) so too.
    public var isInputOutput: Bool { code == 5 }

    static func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(LMDBError) {
        if code != 0 { throw LMDBError(code: code, operation: operation()) }
    }
}
