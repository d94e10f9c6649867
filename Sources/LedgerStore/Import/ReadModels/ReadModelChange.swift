internal import LedgerDomain

/// What one accepted event of an import changes in the read models: the facts `ReadModelFold`
/// reads, in 32 bytes, the lines the event adds (`placed`) or takes back (`cancelled`) kept
/// beside it in `ReadModelChanges`.
struct ReadModelChange {
    /// The event's amount (`placed`: the order total; `cancelled`: the refund).
    let amount: Int64
    /// The event's UTC day, in days since 1970-01-01.
    let day: Int64
    /// The order's customer and currency.
    let customer: CustomerNumber
    let currency: Currency
    /// How many lines follow the lines of the changes before it.
    let lineCount: UInt32
    let kind: EventKind
    /// The order's status before the event (`nil` for `placed`) and after it.
    let before: OrderStatus?
    let after: OrderStatus
}
