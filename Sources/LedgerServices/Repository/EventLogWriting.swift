public import LedgerDomain

/// One write transaction of an event log, as applying commands needs it: the seam between the
/// import rules (`CommandApplication`) and a store (LMDB in `LedgerStore`; in memory in tests; a
/// database server later). The store hands out dense numbers: each new order, customer and sku
/// gets the next one.
public protocol EventLogWriting {
    /// Where the events are folded into the read models.
    associatedtype Rows: ReadModelRows
    var rows: Rows { get set }

    /// The order's latest record, if it was placed.
    mutating func order(_ id: OrderID) throws -> StoredOrder?
    /// Claims a command id for the event at `seq`; `false` when an earlier event took it (a duplicate).
    mutating func claimCommand(_ id: CommandID, seq: UInt64) throws -> Bool
    /// Gives back a claimed command id: its command was rejected, which does not use the id up.
    mutating func releaseCommand(_ id: CommandID) throws
    /// The dense number of a new order (one that `order(_:)` did not find).
    mutating func defineOrder(_ id: OrderID) throws -> OrderNumber
    /// The customer's dense number, defined on its first order.
    mutating func customerNumber(_ id: CustomerID) throws -> CustomerNumber
    /// The sku's dense number, defined on its first order.
    mutating func skuNumber(_ id: SKU) throws -> SKUNumber
    /// The lines of the order's `placed` event (a `cancelled` folds them back out).
    mutating func placedLines(of order: StoredOrder) throws -> [EventLine]
    /// Appends `event` at `seq`, after the order's event at `previousSeq` (0 for `placed`), and
    /// keeps `order` as the order's record. The ids defined since the previous append are the
    /// ones this event names first.
    mutating func append(_ event: OrderEvent, seq: UInt64, previousSeq: UInt64, order: StoredOrder, id: OrderID) throws
}
