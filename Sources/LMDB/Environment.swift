internal import CLMDB
import FoundationEssentials
import Glibc
import Synchronization
import SystemPaths

/// An LMDB environment: one directory holding `data.mdb` and `lock.mdb`, with named databases.
///
/// Transactions are closure-scoped: `read { txn in … }` and `write { txn in … }`. A write commits
/// when its closure returns and aborts when it throws. When the memory map fills up, `write`
/// doubles the map and runs the closure again, so `MDB_MAP_FULL` never reaches a caller; a write
/// closure must therefore keep its side effects inside the transaction (or make them repeatable).
/// A transaction stays on the thread that began it and must never cross an `await`.
// Safe: LMDB environments are thread-safe (MDB_NOTLS); transactions stay on the thread that began them.
public final class Environment: @unchecked Sendable {
    let handle: OpaquePointer
    /// Whether the environment was opened read-only.
    public let isReadOnly: Bool
    /// How many transactions of this process are open on the environment or beginning. When
    /// another process has grown the data file past this process's map, a transaction cannot
    /// begin until the map is made larger (`MDB_MAP_RESIZED`), and LMDB does that by mapping the
    /// file again elsewhere: only while no other transaction of this process reads the old map.
    private let transactions = Mutex(0)

    /// Opens (and, unless `readOnly`, creates) the environment in `directory`.
    /// - Parameters:
    ///   - mapSize: the initial map size in bytes; it grows on demand. Read-only, at least twice the data file.
    ///   - maxDatabases: how many named databases the environment may hold.
    ///   - durable: `false` skips the fsync at commit (tests, benchmarks of the non-durable path).
    public init(
        directory: String,
        readOnly: Bool = false,
        mapSize: Int = 256 << 20,
        maxDatabases: Int = 32,
        durable: Bool = true
    ) throws(LMDBError) {
        var env: OpaquePointer?
        try LMDBError.check(mdb_env_create(&env), .createEnvironment)
        guard let env else { throw LMDBError(code: ENOMEM, operation: .createEnvironment) }
        var flags = UInt32(MDB_NOTLS)
        var mapSize = mapSize
        if readOnly {
            flags |= UInt32(MDB_RDONLY)
            // A reader maps twice the data file, so that another process's writes can grow the
            // file that far before a transaction here has to wait for a new map (see `begin`).
            var file = stat()
            if SystemPath.stat(directory + "/data.mdb", &file) == 0, file.st_size > 0, file.st_size < Int64.max / 4 {
                mapSize = max(mapSize, Int(file.st_size) * 2)
            }
        }
        if !durable { flags |= UInt32(MDB_NOSYNC) }
        do {
            try LMDBError.check(mdb_env_set_maxdbs(env, MDB_dbi(maxDatabases)), .configureEnvironment)
            try LMDBError.check(
                mdb_env_set_assert(env) { DamageExit.assertionFailed($0, $1) }, .configureEnvironment)
            try LMDBError.check(mdb_env_set_mapsize(env, mapSize), .configureEnvironment)
            try LMDBError.check(mdb_env_set_maxreaders(env, 256), .configureEnvironment)
            try LMDBError.check(
                SystemPath.withCString(directory) { mdb_env_open(env, $0, flags, 0o644) },
                .openEnvironment(directory: directory))
            try Self.checkNotTruncated(env, directory: directory)
        } catch {
            mdb_env_close(env)
            throw error
        }
        handle = env
        isReadOnly = readOnly
        // Clear reader slots left behind by killed processes so they cannot pin old pages.
        var dead: Int32 = 0
        _ = mdb_reader_check(env, &dead)
    }

    deinit { mdb_env_close(handle) }

    /// LMDB maps the data file and would fault (SIGBUS) reading pages past its end: refuse a data
    /// file shorter than the pages its header says it holds.
    private static func checkNotTruncated(_ env: OpaquePointer, directory: String) throws(LMDBError) {
        var info = MDB_envinfo()
        var pages = MDB_stat()
        try LMDBError.check(mdb_env_info(env, &info), .readEnvironmentInfo)
        try LMDBError.check(mdb_env_stat(env, &pages), .readEnvironmentInfo)
        var file = stat()
        guard SystemPath.stat(directory + "/data.mdb", &file) == 0 else { return }
        let needed = (Int64(info.me_last_pgno) + 1) * Int64(pages.ms_psize)
        if Int64(file.st_size) < needed {
            throw LMDBError(code: MDB_CORRUPTED, operation: .checkDataFileSize(size: Int64(file.st_size), needed: needed))
        }
    }

    /// Writes a consistent copy of the environment (one read snapshot, so writers may go on
    /// meanwhile) as `data.mdb` in the existing, empty `directory`, and flushes it to disk;
    /// `compact` leaves out free pages and renumbers the rest (`mdb_env_copy2`, `MDB_CP_COMPACT`).
    public func copy(to directory: String, compact: Bool) throws(LMDBError) {
        let operation = LMDBError.Operation.copyEnvironment(directory: directory)
        try LMDBError.check(
            SystemPath.withCString(directory) { mdb_env_copy2(handle, $0, compact ? UInt32(MDB_CP_COMPACT) : 0) }, operation)
        for path in [directory + "/data.mdb", directory] {
            let descriptor = SystemPath.open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw LMDBError(code: errno, operation: operation) }
            defer { close(descriptor) }
            guard fsync(descriptor) == 0 else { throw LMDBError(code: errno, operation: operation) }
        }
    }

    /// The current size of the memory map in bytes.
    public var mapSize: Int {
        var info = MDB_envinfo()
        mdb_env_info(handle, &info)
        return info.me_mapsize
    }

    /// Where this process maps the data file, or `nil` if it cannot tell. The map stays put for
    /// as long as a transaction is open.
    public func mappedRegion() -> MappedRegion? {
        var descriptor: Int32 = -1
        var file = stat()
        guard mdb_env_get_fd(handle, &descriptor) == 0, fstat(descriptor, &file) == 0 else { return nil }
        return MappedRegion(ofFileWithInode: UInt64(file.st_ino))
    }

    /// The keys of the environment's main database: the names of its named databases (and any
    /// plain keys another program stored there). Read in a snapshot; it creates and writes nothing.
    public func mainDatabaseKeys() throws(LMDBError) -> [[UInt8]] {
        let txn = try begin(flags: UInt32(MDB_RDONLY))
        defer { end(txn, committing: false) }
        var dbi = MDB_dbi()
        try LMDBError.check(mdb_dbi_open(txn, nil, 0, &dbi), .openDatabase(name: "(main)"))
        var opened: OpaquePointer?
        try LMDBError.check(mdb_cursor_open(txn, dbi, &opened), .openCursor)
        guard let opened else { throw LMDBError(code: ENOMEM, operation: .openCursor) }
        defer { mdb_cursor_close(opened) }
        var keys: [[UInt8]] = []
        var operation = MDB_FIRST
        while true {
            var key = MDB_val()
            var value = MDB_val()
            let code = mdb_cursor_get(opened, &key, &value, operation)
            if code == MDB_NOTFOUND { return keys }
            try LMDBError.check(code, .moveCursor)
            keys.append(Array(key.buffer))
            operation = MDB_NEXT
        }
    }

    /// The main (unnamed) database, where LMDB keeps the names of the named ones.
    public func openMainDatabase() throws -> Database {
        try write { txn in
            var dbi = MDB_dbi()
            try LMDBError.check(mdb_dbi_open(txn.handle, nil, 0, &dbi), .openDatabase(name: "(main)"))
            return Database(handle: dbi)
        }
    }

    /// Opens a named database, creating it when the environment is writable.
    public func openDatabase(named name: String) throws -> Database {
        try openDatabases(named: [name])[0]
    }

    /// Opens (or creates) several named databases in one transaction, so that a new environment
    /// gets all of them or none; `prepare` runs in that same transaction (writable only).
    public func openDatabases(
        named names: [String], prepare: (Transaction, [Database]) throws -> Void = { _, _ in }
    ) throws -> [Database] {
        guard isReadOnly else {
            return try write { txn in
                let databases = try names.map { try txn.openDatabase($0, flags: UInt32(MDB_CREATE)) }
                try prepare(txn, databases)
                return databases
            }
        }
        // A handle opened in a transaction that is aborted is closed again: commit this one.
        let txn = try begin(flags: UInt32(MDB_RDONLY))
        let databases: [Database]
        do {
            databases = try names.map { try Transaction(handle: txn).openDatabase($0, flags: 0) }
        } catch {
            end(txn, committing: false)
            throw error
        }
        try LMDBError.check(end(txn, committing: true), .commit)
        return databases
    }

    /// Runs `body` in a read-only snapshot. Borrowed values must not escape `body`.
    public func read<R>(_ body: (Transaction) throws -> R) throws -> R {
        let txn = try begin(flags: UInt32(MDB_RDONLY))
        defer { end(txn, committing: false) }
        return try body(Transaction(handle: txn))
    }

    /// Runs `body` in the single write transaction: commit on return, abort on throw.
    /// Grows the map (holding `growthLock`, if given) and re-runs `body` when the map is full.
    public func write<R>(growthLock: (any MapGrowthLocking)? = nil, _ body: (Transaction) throws -> R) throws -> R {
        while true {
            let txn = try begin(flags: 0)
            let result: R
            do {
                result = try body(Transaction(handle: txn))
            } catch let error as LMDBError where error.isMapFull {
                end(txn, committing: false)
                try grow(holding: growthLock)
                continue
            } catch {
                end(txn, committing: false)
                throw error
            }
            let code = end(txn, committing: true)
            if code == MDB_MAP_FULL {
                try grow(holding: growthLock)
                continue
            }
            try LMDBError.check(code, .commit)
            return result
        }
    }

    private func begin(flags: UInt32) throws(LMDBError) -> OpaquePointer {
        transactions.withLock { $0 += 1 }
        var began = false
        defer { if !began { transactions.withLock { $0 -= 1 } } }
        while true {
            var txn: OpaquePointer?
            let code = mdb_txn_begin(handle, nil, flags, &txn)
            if code == MDB_MAP_RESIZED {
                // Another process grew the map: adopt its size and try again, unless another
                // transaction of this process is open (or beginning), whose pages the new map
                // would leave pointing nowhere.
                try transactions.withLock { (open: inout Int) throws(LMDBError) in
                    guard open == 1 else { throw LMDBError(code: code, operation: .beginTransaction) }
                    try LMDBError.check(mdb_env_set_mapsize(handle, 0), .configureEnvironment)
                }
                continue
            }
            try LMDBError.check(code, .beginTransaction)
            guard let txn else { throw LMDBError(code: ENOMEM, operation: .beginTransaction) }
            began = true
            return txn
        }
    }

    /// Commits or aborts `txn`, begun by `begin`; returns LMDB's code (0 for an abort).
    @discardableResult
    private func end(_ txn: OpaquePointer, committing: Bool) -> Int32 {
        defer { transactions.withLock { $0 -= 1 } }
        if committing { return mdb_txn_commit(txn) }
        mdb_txn_abort(txn)
        return 0
    }

    /// What `reserve` makes room for at most (beyond it, the map grows when it fills).
    static let largestReserve = 64 << 30

    /// The bytes of the data file that hold pages (up to its last page in use).
    public var usedBytes: Int {
        var info = MDB_envinfo()
        var pages = MDB_stat()
        guard mdb_env_info(handle, &info) == 0, mdb_env_stat(handle, &pages) == 0 else { return 0 }
        return (Int(info.me_last_pgno) + 1) * Int(pages.ms_psize)
    }

    /// Grows the map, doubling it, until at least `bytes` of it lie past the data file's last page
    /// in use, so that a write of up to that much does not fill it (and run again). Call it with
    /// no transaction of this process open, or none but readers that hold `growthLock` while open
    /// (taken only when the map grows).
    public func reserve(_ bytes: Int, growthLock: (any MapGrowthLocking)? = nil) throws(LMDBError) {
        let bytes = min(bytes, Self.largestReserve)
        let current = mapSize
        var size = current
        while size - usedBytes < bytes { size *= 2 }
        guard size > current else { return }
        growthLock?.lock()
        defer { growthLock?.unlock() }
        try LMDBError.check(mdb_env_set_mapsize(handle, size), .growMap)
    }

    private func grow(holding growthLock: (any MapGrowthLocking)?) throws(LMDBError) {
        growthLock?.lock()
        defer { growthLock?.unlock() }
        try LMDBError.check(mdb_env_set_mapsize(handle, mapSize * 2), .growMap)
    }
}
