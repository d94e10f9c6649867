import FoundationEssentials
import Glibc
internal import LMDB
public import LedgerDomain
import SystemPaths

/// The app's one door to a ledger store: a directory holding the LMDB environment.
///
/// It opens (or creates) the store, checks its format version, and offers reads of the log;
/// `Importer` writes through it. Each method runs in its own consistent snapshot.
// Safe: its state is immutable after init; the environment is thread-safe and each transaction stays on one thread.
public final class LedgerStore: @unchecked Sendable {
    /// The store format this build writes and reads (where the last `FormatUpgrade` step ends).
    public static let formatVersion: UInt32 = 8

    public let path: String
    let environment: Environment
    private let databases: LedgerDatabases
    /// The format the store had when opened: older than `formatVersion` only when opened
    /// read-only (a writable open upgrades it); `nil` for a store this open created.
    public let foundFormat: UInt32?
    /// The store's format: `formatVersion` once opened for writing; older ones only read-only.
    private let format: UInt32
    /// The device and inode of the data file this process opened.
    private let dataFile: (device: UInt64, inode: UInt64)?

    /// Opens the store at `path`. Without `readOnly`, creates the directory and store if needed
    /// (unless `creating` is false: a store that does not exist yet is then `missing`). An LMDB
    /// environment that is not an orders store is refused (`notAnOrdersStore`) before anything
    /// in it is created or written. `durable: false` skips fsync at commit (tests only: a crash
    /// may lose the last commits).
    public convenience init(path: String, readOnly: Bool = false, creating: Bool = true, durable: Bool = true)
        throws(StoreError)
    {
        try self.init(path: path, readOnly: readOnly, creating: creating, durable: durable, mapSize: 256 << 20)
    }

    /// `mapSize`: the map's size at first (tests choose a small one); a reader maps at least twice
    /// the data file (`Environment`), a writer doubles it as the file fills it.
    init(path: String, readOnly: Bool, creating: Bool, durable: Bool, mapSize: Int) throws(StoreError) {
        self.path = path
        var directory = stat()
        let exists = SystemPath.stat(path, &directory) == 0
        var data = stat()
        let dataExists = SystemPath.stat(path + "/data.mdb", &data) == 0
        // A file is named as such by reading and writing commands alike.
        if exists, (directory.st_mode & S_IFMT) != S_IFDIR { throw StoreError.notADirectory(path: path) }
        if readOnly, !exists || !dataExists { throw StoreError.missing(path: path) }
        // An empty data file was created by a writer killed before it wrote anything: no store yet
        // (LMDB itself answers a read-only open of it with EBADF).
        if readOnly, data.st_size == 0 { throw StoreError.missing(path: path) }
        if !exists {
            let code = SystemPath.makeDirectories(path)
            if code != 0 { throw StoreError.cannotCreateDirectory(path: path, code: code) }
        }
        do {
            environment = try Environment(directory: path, readOnly: readOnly, mapSize: mapSize, durable: durable)
            var opened = stat()
            dataFile =
                SystemPath.stat(path + "/data.mdb", &opened) == 0 ? (UInt64(opened.st_dev), UInt64(opened.st_ino)) : nil
            // Recognised before anything is opened by name, so that nothing is created in (or
            // written to) an environment some other program made.
            let isNew = try Self.recognise(environment, path: path)
            if isNew, readOnly || !creating { throw StoreError.missing(path: path) }
            if readOnly {
                let meta = try environment.openDatabase(named: "meta")
                let format = try environment.read { txn in try Self.format(txn, meta, path: path) }
                guard let format else {
                    throw StoreError.notAnOrdersStore(path: path, reason: "its meta database holds no format version")
                }
                foundFormat = format
                self.format = format
                databases = try LedgerDatabases(readingFrom: environment, format: format)
            } else {
                var found: UInt32?
                databases = try LedgerDatabases(environment: environment) { ledger in
                    found = try Self.upgrade(ledger, path: path, isNew: isNew)
                }
                foundFormat = found
                format = Self.formatVersion
            }
        } catch let error as LMDBError {
            throw Self.openingFailure(error, path: path, readOnly: readOnly)
        } catch let error as StoreError {
            throw error
        } catch {
            preconditionFailure("opening a store throws only LMDB's and the store's errors: \(error)")
        }
    }

    /// Whether `environment` is new (its main database is empty: no store was ever committed in
    /// it); throws `notAnOrdersStore` when it holds anything but this schema's databases, or not
    /// `meta`. Only reads.
    private static func recognise(_ environment: Environment, path: String) throws -> Bool {
        let keys = try environment.mainDatabaseKeys()
        if keys.isEmpty { return true }
        let known = Set(LedgerDatabases.allNames.map { Array($0.utf8) })
        if let foreign = keys.first(where: { !known.contains($0) }) {
            let name = String(decoding: foreign.prefix(64), as: UTF8.self)
            throw StoreError.notAnOrdersStore(
                path: path, reason: "it holds a database named \"\(name)\", which orders never makes")
        }
        guard keys.contains(Array("meta".utf8)) else {
            throw StoreError.notAnOrdersStore(path: path, reason: "it has no meta database with a format version")
        }
        return false
    }

    /// What an LMDB failure while opening the store at `path` means for the store.
    private static func openingFailure(_ error: LMDBError, path: String, readOnly: Bool) -> StoreError {
        if error.isPermissionDenied {
            return readOnly ? .notReadable(path: path, code: error.code) : .notWritable(path: path, code: error.code)
        }
        if isDiskFull(error, path: path) { return .diskFull(path: path, free: freeBytes(path) ?? 0) }
        if error.isCorrupted { return .damagedFile(path: path, error) }
        if error.isMissing { return .missing(path: path) }
        if error.isNotFound, case .openDatabase(let name) = error.operation {
            // `meta` is created first: without it the store was made but killed before its first commit.
            return name == LedgerDatabases.names[0] ? .missing(path: path) : .missingDatabase(name: name)
        }
        return .engine(error)
    }

    /// The store's format (`nil` for a store not stamped yet); a newer format than this build's is
    /// refused, and so is one orders never writes.
    private static func format(_ txn: Transaction, _ meta: Database, path: String) throws -> UInt32? {
        guard let bytes = try txn.get(meta, "format") else { return nil }
        guard let found = LittleEndianValue<UInt32>.decode(bytes), found >= 1 else {
            throw StoreError.notAnOrdersStore(path: path, reason: "its format version is not one orders writes")
        }
        guard found <= formatVersion else {
            throw StoreError.newerFormat(path: path, found: found, supported: formatVersion)
        }
        return found
    }

    /// Stamps a new store (`isNew`) with this format, or takes an older one through every
    /// `FormatUpgrade` step it needs and stamps it, all in the transaction that opens it for
    /// writing (which creates the databases it lacks); returns the format found. A store that is
    /// not new but has no format is refused.
    private static func upgrade(_ ledger: LedgerTransaction, path: String, isNew: Bool) throws -> UInt32? {
        let meta = ledger.databases.meta
        let found = try format(ledger.txn, meta, path: path)
        if let found {
            guard found < formatVersion else { return found }
            for step in FormatUpgrade.steps where step.from >= found { try step.run(ledger) }
            FaultInjection.reach(.upgradeBeforeCommit)
        } else if !isNew {
            throw StoreError.notAnOrdersStore(path: path, reason: "its meta database holds no format version")
        } else {
            try ledger.startProvenance()
            FaultInjection.reach(.afterCreateBeforeStamp)
        }
        try ledger.txn.put(meta, "format", LittleEndianValue(formatVersion))
        return found
    }

    /// Grows the map ahead of a long write (an import's chunk), so that the map does not fill up
    /// midway, which abandons the transaction and runs it again (and makes the importer forget
    /// what it keeps in memory across chunks): room for `bytes`, and at least as much again as the
    /// data file holds, since a chunk may rewrite most pages of the databases it changes. Call it
    /// with no transaction of this process open but readers that hold `growthLock` while open.
    func makeRoom(for bytes: Int, growthLock: (any MapGrowthLocking)? = nil) throws {
        try engine { try environment.reserve(max(bytes, environment.usedBytes, 256 << 20), growthLock: growthLock) }
    }

    /// Throws `removedWhileWriting` unless the data file at the store's path is still the one
    /// this process opened: a store removed or replaced meanwhile took what was committed to it
    /// along, and a writer that does not ask would report work that is gone.
    public func checkStillInPlace() throws(StoreError) {
        var now = stat()
        guard let dataFile, SystemPath.stat(path + "/data.mdb", &now) == 0, UInt64(now.st_dev) == dataFile.device,
            UInt64(now.st_ino) == dataFile.inode
        else { throw StoreError.removedWhileWriting(path: path) }
    }

    /// Where this process maps the data file (a long scan releases its pages now and then).
    func mappedRegion() -> MappedRegion? { environment.mappedRegion() }

    func read<R>(_ body: (LedgerTransaction) throws -> R) throws -> R {
        try engine { try environment.read { try body(LedgerTransaction(txn: $0, databases: databases)) } }
    }

    /// `growthLock`: held by readers of other threads while their snapshot is open (see `MapGrowthLocking`).
    func write<R>(growthLock: (any MapGrowthLocking)? = nil, _ body: (LedgerTransaction) throws -> R) throws -> R {
        try engine {
            try environment.write(growthLock: growthLock) { try body(LedgerTransaction(txn: $0, databases: databases)) }
        }
    }

    /// Turns LMDB's errors into `StoreError`s; other errors pass through.
    private func engine<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as LMDBError where error.isPermissionDenied {
            throw StoreError.notWritable(path: path, code: error.code)
        } catch let error as LMDBError where Self.isDiskFull(error, path: path) {
            throw StoreError.diskFull(path: path, free: Self.freeBytes(path) ?? 0)
        } catch let error as LMDBError {
            throw StoreError.engine(error)
        }
    }

    /// Whether `error` means that the file system holding the store is full: `ENOSPC`, or `EIO`
    /// (LMDB's word for a short write) while less than 1 MiB is left there.
    private static func isDiskFull(_ error: LMDBError, path: String) -> Bool {
        error.isNoSpace || error.isInputOutput && (freeBytes(path) ?? .max) < 1 << 20
    }

    /// The bytes this process may still write on the file system holding `path` (root may also
    /// use the blocks reserved for it).
    static func freeBytes(_ path: String) -> UInt64? {
        var info = statvfs()
        guard SystemPath.statvfs(path, &info) == 0 else { return nil }
        return UInt64(geteuid() == 0 ? info.f_bfree : info.f_bavail) * UInt64(info.f_frsize)
    }

    // MARK: - Reading the log

    /// The seq of the last event (0 when the log is empty).
    public func headSeq() throws -> UInt64 { try read { try $0.headSeq() } }

    /// Up to `limit` events with seq ≥ `seq`, in seq order.
    public func events(from seq: UInt64 = 1, limit: Int = .max) throws -> [LoggedEvent] {
        try read { ledger in
            try ledger.scan(\.log, from: BigEndianKey64(seq)) { entries in
                try entries.prefix(limit).map { entry in
                    LoggedEvent(seq: LedgerTransaction.seq(entry.key), event: try EventCodec.decode(entry.value).event)
                }
            }
        }
    }

    /// The events of one order in version order, or `nil` when no such order exists.
    public func stream(of id: OrderID) throws -> [LoggedEvent]? {
        try read { ledger in
            try ledger.latestEvent(of: id).map { latest in
                try ledger.stream(of: latest.number, latest: latest.seq).map { LoggedEvent(seq: $0.seq, event: $0.event) }
            }
        }
    }

    /// The current state of an order, or `nil`.
    public func orderState(_ id: OrderID) throws -> OrderState? {
        try read { try $0.order(id)?.state }
    }

    /// The ids behind dense numbers (for showing events).
    public func orderID(_ number: OrderNumber) throws -> String? { try read { try $0.orderID(number) } }
    public func customerID(_ number: CustomerNumber) throws -> String? { try read { try $0.customerID(number) } }
    public func sku(_ number: SKUNumber) throws -> String? { try read { try $0.sku(number) } }

    /// The batches that the file at `path` (read as `format`) is made of — the batch its content
    /// matches and those it continues, first batch first — and their stored rejections in line
    /// order; `digest` instead names a batch by the SHA-256 of the bytes it covers. Empty when the
    /// content matches no batch.
    public func rejections(
        ofFile path: String, format: RecordFormat
    ) throws -> [(batch: StoredBatch, rejections: [StoredRejection])] {
        guard let number = try batchNumber(ofFile: path, format: format) else { return [] }
        return try read { ledger in try ledger.chain(of: number).map { ($0.batch, try ledger.rejections(batch: $0.number)) } }
    }

    /// Calls `body` with each rejection `rejections(ofFile:format:)` gives, one at a time from one
    /// snapshot, so that memory stays flat however many there are; whether the file's content
    /// matches a batch.
    public func forEachRejection(
        ofFile path: String, format: RecordFormat, _ body: (StoredRejection) throws -> Void
    ) throws -> Bool {
        guard let number = try batchNumber(ofFile: path, format: format) else { return false }
        try forEachRejection(ofBatch: number, body)
        return true
    }

    /// As `forEachRejection(ofFile:format:_:)`, for the batch whose covered bytes have this
    /// SHA-256 (and the batches it continues).
    public func forEachRejection(digest: [UInt8], _ body: (StoredRejection) throws -> Void) throws -> Bool {
        guard let number = try read({ try $0.latestBatch(digest: digest) }) else { return false }
        try forEachRejection(ofBatch: number, body)
        return true
    }

    /// The number of the batch the file at `path` (read as `format`) matches, imported, continued
    /// or resumed; `nil` when it matches none.
    private func batchNumber(ofFile path: String, format: RecordFormat) throws -> UInt64? {
        let batch = try BatchFile(path: path)
        let candidates = try read { try $0.batchCandidates(format: format, head: batch.head, size: batch.size) }
        switch try BatchMatch.find(batch, candidates: candidates) {
        case .new, .extendsCutLine: return nil
        case .imported(let found, _), .continues(let found, _, _), .resumes(let found, _, _): return found
        }
    }

    private func forEachRejection(ofBatch number: UInt64, _ body: (StoredRejection) throws -> Void) throws {
        try read { ledger in
            for link in try ledger.chain(of: number) { try ledger.forEachRejection(batch: link.number, body) }
        }
    }

    /// Every stored event and order as canonical text: equal dumps mean equal ledgers.
    public func dump() throws -> [String] {
        try read { ledger in
            var lines = try ledger.scan(\.log) { entries in
                try entries.map { "event \(LedgerTransaction.seq($0.key)) \(try EventCodec.decode($0.value))" }
            }
            lines += try ledger.scan(\.orders) { entries in
                try entries.map { entry in
                    let (state, lastSeq) = try OrderStateCodec.decode(entry.value)
                    return "order \(BigEndianKey32.decode(entry.key)) \(state) \(lastSeq)"
                }
            }
            lines += try ledger.scan(\.commands) { entries in
                try entries.map { entry in
                    // Format 3 keys a command by seq; older formats by its id (the value is the seq).
                    let seq = BigEndianKey64.decode(entry.key)
                    return format >= 3
                        ? "command \(String(decoding: try ledger.storedCommandID(entry.value, seq: seq), as: UTF8.self)) \(seq)"
                        : "command \(String(decoding: entry.key, as: UTF8.self)) \(LittleEndianValue<UInt64>.decode(entry.value) ?? 0)"
                }
            }.sorted()
            for table: LedgerTransaction.Table in [\.orderIDs, \.customerIDs, \.skuIDs] {
                lines += try ledger.scan(table) { entries in
                    entries.map { "key \(String(decoding: $0.key, as: UTF8.self)) \(Array($0.value))" }
                }
            }
            return lines
        }
    }
}
