extension LMDBError {
    /// The call of the LMDB layer that failed.
    public enum Operation: Hashable, Sendable, CustomStringConvertible {
        case createEnvironment
        case configureEnvironment
        /// Opening the environment in `directory`.
        case openEnvironment(directory: String)
        case readEnvironmentInfo
        /// The data file holds `size` bytes, fewer than the `needed` its header promises.
        case checkDataFileSize(size: Int64, needed: Int64)
        /// Opening (or creating) the named database.
        case openDatabase(name: String)
        case beginTransaction
        case commit
        case growMap
        case get
        case put
        case delete
        case clear
        case count
        case openCursor
        case moveCursor
        /// Copying the environment into `directory` (a backup).
        case copyEnvironment(directory: String)

        public var description: String {
            switch self {
            case .createEnvironment: "mdb_env_create"
            case .configureEnvironment: "configuring the environment"
            case .openEnvironment(let directory): "opening \(directory)"
            case .readEnvironmentInfo: "mdb_env_info"
            case .checkDataFileSize(let size, let needed): "the data file is truncated (\(size) of \(needed) bytes)"
            case .openDatabase(let name): "opening database \(name)"
            case .beginTransaction: "mdb_txn_begin"
            case .commit: "mdb_txn_commit"
            case .growMap: "growing the map"
            case .get: "mdb_get"
            case .put: "mdb_put"
            case .delete: "mdb_del"
            case .clear: "mdb_drop"
            case .count: "mdb_stat"
            case .openCursor: "mdb_cursor_open"
            case .moveCursor: "mdb_cursor_get"
            case .copyEnvironment(let directory): "copying the environment to \(directory)"
            }
        }
    }
}
