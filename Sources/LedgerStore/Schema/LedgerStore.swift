import Foundation
internal import LMDB
public import LedgerDomain

/// The app's one door to a ledger store: a directory holding the LMDB environment.
///
/// It opens (or creates) the store, checks its format version, and offers reads of the log;
/// `Importer` writes through it. Each method runs in its own consistent snapshot.
// Safe: its state is immutable after init; the environment is thread-safe and each transaction stays on one thread.
public final class LedgerStore: @unchecked Sendable {
    /// The store format this build writes and reads.
    public static let formatVersion: UInt32 = 1

    public let path: String
    private let environment: Environment
    private let databases: LedgerDatabases

    /// Opens the store at `path`. Without `readOnly`, creates the directory and store if needed.
    /// `durable: false` skips fsync at commit (tests only: a crash may lose the last commits).
    public init(path: String, readOnly: Bool = false, durable: Bool = true) throws(StoreError) {
        self.path = path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if readOnly, !exists || !FileManager.default.fileExists(atPath: path + "/data.mdb") {
            throw StoreError.missing(path: path)
        }
        if exists, !isDirectory.boolValue { throw StoreError.notADirectory(path: path) }
        if !exists {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw StoreError.cannotCreateDirectory(path: path, code: mkdir(path, 0o755) == 0 ? 0 : errno)
            }
        }
        do {
            environment = try Environment(directory: path, readOnly: readOnly, durable: durable)
            if readOnly {
                databases = try LedgerDatabases(environment: environment)
                try environment.read { txn in
                    try Self.checkFormat(txn, databases.meta, path: path, stampIfMissing: false)
                }
            } else {
                databases = try LedgerDatabases(environment: environment) { txn, meta in
                    try Self.checkFormat(txn, meta, path: path, stampIfMissing: true)
                }
            }
        } catch let error as LMDBError {
            throw Self.openingFailure(error, path: path, readOnly: readOnly)
        } catch let error as StoreError {
            throw error
        } catch {
            preconditionFailure("opening a store throws only LMDB's and the store's errors: \(error)")
        }
    }

    /// What an LMDB failure while opening the store at `path` means for the store.
    private static func openingFailure(_ error: LMDBError, path: String, readOnly: Bool) -> StoreError {
        if error.isPermissionDenied {
            return readOnly ? .notReadable(path: path, code: error.code) : .notWritable(path: path, code: error.code)
        }
        if error.isCorrupted { return .damagedFile(path: path, error) }
        if error.isMissing { return .missing(path: path) }
        if error.isNotFound, case .openDatabase(let name) = error.operation {
            // `meta` is created first: without it the store was made but killed before its first commit.
            return name == LedgerDatabases.names[0] ? .missing(path: path) : .missingDatabase(name: name)
        }
        return .engine(error)
    }

    /// Refuses a store of a newer format; stamps a new store with this format.
    private static func checkFormat(_ txn: Transaction, _ meta: Database, path: String, stampIfMissing: Bool) throws {
        if let bytes = try txn.get(meta, "format") {
            guard let found = LittleEndianValue<UInt32>.decode(bytes) else {
                throw StoreError.corrupt("the store's format version has \(bytes.count) bytes")
            }
            guard found <= formatVersion else {
                throw StoreError.newerFormat(path: path, found: found, supported: formatVersion)
            }
            return
        }
        guard stampIfMissing else { throw StoreError.corrupt("the store has no format version") }
        FaultInjection.reach(.afterCreateBeforeStamp)
        try txn.put(meta, "format", LittleEndianValue(formatVersion))
    }

    /// Where this process maps the data file (a long scan releases its pages now and then).
    func mappedRegion() -> MappedRegion? { environment.mappedRegion() }

    func read<R>(_ body: (LedgerTransaction) throws -> R) throws -> R {
        try engine { try environment.read { try body(LedgerTransaction(txn: $0, databases: databases)) } }
    }

    func write<R>(_ body: (LedgerTransaction) throws -> R) throws -> R {
        try engine { try environment.write { try body(LedgerTransaction(txn: $0, databases: databases)) } }
    }

    /// Turns LMDB's errors into `StoreError`s; other errors pass through.
    private func engine<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as LMDBError where error.isPermissionDenied {
            throw StoreError.notWritable(path: path, code: error.code)
        } catch let error as LMDBError {
            throw StoreError.engine(error)
        }
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
            try ledger.order(id).map { order in
                try ledger.stream(of: order).map { LoggedEvent(seq: $0.seq, event: $0.event) }
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

    /// How far the import of content with this SHA-256 got, if it started.
    public func importProgress(digest: [UInt8]) throws -> ImportProgress? {
        try read { try $0.importProgress(digest) }
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
            for table: LedgerTransaction.Table in [\.commands, \.orderIDs, \.customerIDs, \.skuIDs] {
                lines += try ledger.scan(table) { entries in
                    entries.map { "key \(String(decoding: $0.key, as: UTF8.self)) \(Array($0.value))" }
                }
            }
            return lines
        }
    }
}
