/// What `OrderService.evolve` and `ReadModelFold` read from an event. `OrderEvent` is the owned
/// value the importer decides; the store also lends events read in place from the log, so that a
/// replay folds them without allocating anything per event.
public protocol OrderEventFacts {
    associatedtype Lines: Collection<EventLine>

    var kind: EventKind { get }
    var order: OrderNumber { get }
    /// The event's position in its order's stream: 1, 2, 3, …
    var version: UInt32 { get }
    var at: Timestamp { get }
    /// `placed`: the order total; `paid` and `refunded`: the amount; `cancelled`: the refund; else 0.
    var amount: Int64 { get }
    /// `placed` only (else 0).
    var customer: CustomerNumber { get }
    /// `placed` only (else packed 0).
    var currency: Currency { get }
    /// `placed` only (else empty).
    var lines: Lines { get }
    /// The number of lines.
    var lineCount: Int { get }
    /// Σ qty over the lines.
    var itemCount: Int64 { get }
}
