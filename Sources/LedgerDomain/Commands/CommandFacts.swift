/// What deciding and recording a command read of it: a `Command`, or a record the importer
/// decoded without making `String`s (its text is made only for a rejection's message or a note).
public protocol CommandFacts {
    var kind: CommandKind { get }
    var at: Timestamp { get }
    /// `pay` and `refund`: the amount; `place`: the order total; else 0.
    var amount: Int64 { get }
    /// `place`: the order's currency; else packed 0.
    var currency: Currency { get }
    /// `place`: how many lines the order has; else 0.
    var lineCount: Int { get }
    /// Line `index` (`0..<lineCount`) of a `place`: its quantity and unit price.
    func line(_ index: Int) -> (quantity: Int64, unitPrice: Int64)
    /// A shipment's carrier or a cancellation's reason, when given.
    var note: String? { get }
    /// The order id, for messages.
    var orderIDText: String { get }
}
