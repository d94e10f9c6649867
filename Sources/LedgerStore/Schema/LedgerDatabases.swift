internal import LMDB

/// The named LMDB databases of a store (format 8).
///
/// - `log`: seq (big-endian `UInt64`) → event (`EventCodec`); appended with `MDB_APPEND`.
/// - `orders`: order number (big-endian `UInt32`) → state (`OrderStateCodec`): new orders append,
///   and the orders in flight sit on a few pages, whatever their ids look like.
/// - `order_names`, `customer_names`, `sku_names`: dense number (big-endian) → id.
/// - `order_ids`, `customer_ids`, `sku_ids`: id → dense number (`UInt32`), in id byte order.
/// - `commands`: seq (big-endian `UInt64`) of the event a command was accepted as → its command id,
///   then (format 6) its 4-byte check (`CommandIDs`); appended (format 2 and older keyed it by
///   command id, `FormatUpgrade` rewrites it). From format 6 the event carries a flag that says so.
/// - `imports`: format 1's record of an import, SHA-256 of a file's whole content → `ImportProgress`;
///   read only to recognise files imported before format 2 (`LegacyImports`).
/// - `batches`: batch number (big-endian `UInt64`) → `StoredBatch` (format 6: with its head key's
///   digest, the count and sum of its rejections, and a check); `batch_heads`: `BatchHead` key →
///   nothing; `rejections`: batch number and line (big-endian) → `StoredRejection`.
/// - `customers`, `skus`: dense number → row; `revenue`: day and currency → row (`ReadModelCodec`).
/// - `customer_orders`: customer number and order number (big-endian `UInt32` each) → nothing.
/// - `stats`: `by_status` → status counts; `checkpoints`: read model name → last seq folded in
///   (format 6: and its check, `Checkpoints`).
/// - `chain`: the seq a link of the log's hash chain ends at (big-endian `UInt64`) → its digest
///   (32 bytes) and a checksum per event of the link (`ChainLink`); a link every `ChainLink.span`
///   seqs and one up to the log's last seq (format 6; formats 4 and 5 had one per commit).
/// - `provenance`, `batch_files`: where each event came from (format 7, `ProvenanceDatabases`).
/// - `command_slots`: the import's command index, kept for the next import (format 8,
///   `StoredCommandSlots`).
/// - `meta`: `format` → store format version.
struct LedgerDatabases {
    let meta: Database
    let log: Database
    let orders: Database
    let orderIDs: Database
    let orderNames: Database
    let customerIDs: Database
    let customerNames: Database
    let skuIDs: Database
    let skuNames: Database
    let commands: Database
    let imports: Database
    let customers: Database
    let revenue: Database
    let skus: Database
    let customerOrders: Database
    let stats: Database
    let checkpoints: Database
    /// The databases format 2 added; `nil` only in a format-1 store opened read-only.
    let batchRecords: BatchDatabases?
    /// The log's hash chain (format 4); `nil` only in an older store opened read-only.
    let chain: Database?
    /// Where each event came from (format 7); `nil` only in an older store opened read-only.
    let provenance: ProvenanceDatabases?
    /// The command index kept between imports (format 8); `nil` only in an older store opened read-only.
    let commandSlots: Database?
    /// Whether command ids, batch records and checkpoints carry their checks (format 6); `false`
    /// only in an older store opened read-only.
    let checked: Bool

    static let names = [
        "meta", logName, "orders", "order_ids", "order_names", "customer_ids", "customer_names", "sku_ids", "sku_names",
        commandsName, "imports", "customers", "revenue", "skus", "customer_orders", "stats", "checkpoints",
    ]

    /// The command ids' database (verify reads its pages itself: `Verifier.checkCommands`).
    static let commandsName = "commands"

    /// The log's database (verify checks its branch keys with the edges of the leaves the replay read).
    static let logName = "log"

    /// The database format 4 added.
    static let chainName = "chain"

    /// The database format 8 added.
    static let commandSlotsName = "command_slots"

    /// Every database of the current format, in the order they are opened.
    static let allNames = names + BatchDatabases.names + [chainName] + ProvenanceDatabases.names + [commandSlotsName]

    /// Opens every database; a writable open creates them all in one transaction together with
    /// `prepare` (the format check and the upgrade steps), so a store is never left half-created,
    /// and an older store gets the newer databases in the transaction that upgrades and stamps it.
    init(environment: Environment, prepare: (LedgerTransaction) throws -> Void) throws {
        self.init(
            all: try environment.openDatabases(named: Self.allNames) { txn, all in
                try prepare(LedgerTransaction(txn: txn, databases: LedgerDatabases(all: all, checked: true)))
            }, checked: true)
    }

    /// Opens the databases that a store of `format` has, read-only.
    init(readingFrom environment: Environment, format: UInt32) throws {
        let names =
            Self.names + (format >= 2 ? BatchDatabases.names : []) + (format >= 4 ? [Self.chainName] : [])
            + (format >= 7 ? ProvenanceDatabases.names : []) + (format >= 8 ? [Self.commandSlotsName] : [])
        self.init(all: try environment.openDatabases(named: names), checked: format >= 6)
    }

    /// `checked`: whether the records carry their checks; an upgrade from an older format reads
    /// them as they were stored, not through the readers that check them.
    private init(all: [Database], checked: Bool) {
        self.checked = checked
        meta = all[0]
        log = all[1]
        orders = all[2]
        orderIDs = all[3]
        orderNames = all[4]
        customerIDs = all[5]
        customerNames = all[6]
        skuIDs = all[7]
        skuNames = all[8]
        commands = all[9]
        imports = all[10]
        customers = all[11]
        revenue = all[12]
        skus = all[13]
        customerOrders = all[14]
        stats = all[15]
        checkpoints = all[16]
        batchRecords = all.count > 17 ? BatchDatabases(batches: all[17], heads: all[18], rejections: all[19]) : nil
        chain = all.count > 20 ? all[20] : nil
        provenance = all.count > 22 ? ProvenanceDatabases(provenance: all[21], batchFiles: all[22]) : nil
        commandSlots = all.count > 23 ? all[23] : nil
    }

    /// The name of `database`, one of the store's.
    func name(of database: Database) -> String? { named.first { $0.database == database }?.name }

    /// Every database the store has open, with its name.
    var named: [(name: String, database: Database)] {
        let all = [
            meta, log, orders, orderIDs, orderNames, customerIDs, customerNames, skuIDs, skuNames, commands, imports,
            customers, revenue, skus, customerOrders, stats, checkpoints,
        ]
        var named = Array(zip(Self.names, all))
        if let batchRecords {
            named += zip(BatchDatabases.names, [batchRecords.batches, batchRecords.heads, batchRecords.rejections])
        }
        if let chain { named.append((Self.chainName, chain)) }
        if let provenance { named += zip(ProvenanceDatabases.names, [provenance.provenance, provenance.batchFiles]) }
        if let commandSlots { named.append((Self.commandSlotsName, commandSlots)) }
        return named.map { (name: $0.0, database: $0.1) }
    }
}
