public import LedgerDomain

/// One write transaction of an event log, as applying commands needs it: the seam between the
/// import rules (`CommandApplication`) and a store (LMDB in `LedgerStore`; in memory in tests; a
/// database server later). The store hands out dense numbers: each new order, customer and sku
/// gets the next one.
public protocol EventLogWriting {
    /// The commands the log applies: their ids are read through the log (as `String`s, or as the
    /// bytes and hashes an importer decoded).
    associatedtype Request: CommandFacts

    /// The latest record of the command's order, if it was placed.
    mutating func order(of command: Request) throws -> StoredOrder?
    /// Claims the command's id, if it has one, for the event at `seq`; `false` when an earlier
    /// event took it (a duplicate).
    mutating func claimCommand(of command: Request, seq: UInt64) throws -> Bool
    /// Gives back what `claimCommand` claimed: the command was rejected, which does not use its id up.
    mutating func releaseCommand(of command: Request) throws
    /// The dense number of the command's order, new (one that `order(of:)` did not find).
    mutating func defineOrder(of command: Request) throws -> OrderNumber
    /// The dense number of a `place`'s customer, defined on its first order.
    mutating func customerNumber(of command: Request) throws -> CustomerNumber
    /// The dense number of the sku of a `place`'s line `line`, defined on its first order.
    mutating func skuNumber(of command: Request, line: Int) throws -> SKUNumber
    /// The lines of the order's `placed` event (a `cancelled` folds them back out).
    mutating func placedLines(of order: StoredOrder) throws -> [EventLine]
    /// Appends `event` at `seq`, after the order's event at `previousSeq` (0 for `placed`), and
    /// keeps `order` as the record of the command's order. The ids defined since the previous
    /// append are the ones this event names first.
    mutating func append(
        _ event: OrderEvent, seq: UInt64, previousSeq: UInt64, order: StoredOrder, of command: Request) throws
    /// Folds the event just appended into the read models (`ReadModelFold`): `before` is its
    /// order's state before it (`nil` for `placed`), `after` the state it left, `placedLines` the
    /// lines of the order's `placed` event. The log may fold later, or on another thread, as long
    /// as it folds every event once and in seq order before the read models are read or written.
    mutating func fold(_ event: OrderEvent, before: OrderState?, after: OrderState, placedLines: [EventLine])
}
