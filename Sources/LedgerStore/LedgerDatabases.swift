internal import LMDB

/// The named LMDB databases of a store (format 1).
///
/// - `log`: seq (big-endian `UInt64`) → event (`EventCodec`); appended with `MDB_APPEND`.
/// - `orders`: order number (big-endian `UInt32`) → state (`OrderStateCodec`): new orders append,
///   and the orders in flight sit on a few pages, whatever their ids look like.
/// - `order_names`, `customer_names`, `sku_names`: dense number (big-endian) → id.
/// - `order_ids`, `customer_ids`, `sku_ids`: id → dense number (`UInt32`), in id byte order.
/// - `commands`: command id → seq of the event it was accepted as.
/// - `imports`: SHA-256 of a batch's content → `ImportProgress`.
/// - `customers`, `skus`: dense number → row; `revenue`: day and currency → row (`ReadModelCodec`).
/// - `customer_orders`: customer number and order number (big-endian `UInt32` each) → nothing.
/// - `stats`: `by_status` → status counts; `checkpoints`: read model name → last seq folded in.
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

    init(environment: Environment) throws {
        meta = try environment.openDatabase(named: "meta")
        log = try environment.openDatabase(named: "log")
        orders = try environment.openDatabase(named: "orders")
        orderIDs = try environment.openDatabase(named: "order_ids")
        orderNames = try environment.openDatabase(named: "order_names")
        customerIDs = try environment.openDatabase(named: "customer_ids")
        customerNames = try environment.openDatabase(named: "customer_names")
        skuIDs = try environment.openDatabase(named: "sku_ids")
        skuNames = try environment.openDatabase(named: "sku_names")
        commands = try environment.openDatabase(named: "commands")
        imports = try environment.openDatabase(named: "imports")
        customers = try environment.openDatabase(named: "customers")
        revenue = try environment.openDatabase(named: "revenue")
        skus = try environment.openDatabase(named: "skus")
        customerOrders = try environment.openDatabase(named: "customer_orders")
        stats = try environment.openDatabase(named: "stats")
        checkpoints = try environment.openDatabase(named: "checkpoints")
    }
}
